import {
  languageOf,
  say,
  type Language,
  type PhoneCustomer,
  type StaffOrderBill,
  type StaffOrderCreate,
  type StaffOrderPlaced,
  type StaffOrderQuote,
  type StaffOrderSource,
} from '@shop/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { auditAdmin } from '../../lib/admin-audit.js';
import { badRequest } from '../../lib/errors.js';
import { toEgp } from '../../lib/money.js';
import type { AuthUser } from '../../plugins/auth.js';
import { addressesService } from '../addresses/service.js';
import type { Channel } from '../messaging/provider.js';
import { billCart, readItems } from '../orders/bill.js';
import { placingService } from '../orders/placing.js';
import { cashOffer } from '../orders/cash-rules.js';
import { forStaff } from '../orders/kept-deposit.js';
import { loadCodSettings } from '../confirmations/settings.js';
import { buyerIdNeeded } from '../receipts/buyer-id.js';
import { accountOf } from '../users/phone-sign-in.js';
import type { Deps } from '../deps.js';

type StaffOrdersDeps = Pick<
  Deps,
  'db' | 'clock' | 'log' | 'messageSender' | 'payments' | 'confirmations' | 'phonesAsked'
>;

/** How the shop writes to a customer whose account a staff member made: WhatsApp when they wrote from it, else SMS. */
const channelFor = (source: StaffOrderSource): Channel => (source === 'whatsapp' ? 'whatsapp' : 'sms');

const staffPhone = () => badRequest(say.api.staffPhone, { customerPhone: say.api.staffPhone });

/**
 * Orders staff take for customers who called or wrote (docs/guide/orders-by-phone.md). They are placed by the
 * checkout's own code (orders/placing.ts) with the lines the staff member chose, so they take stock, are priced
 * and billed, start their lifecycle and send their messages exactly as a web order does.
 */
export function staffOrdersService(deps: StaffOrdersDeps) {
  const { db, clock } = deps;
  const placing = placingService(deps);

  /**
   * Places the order. The customer is the account the mobile signs into (phone-sign-in.ts), or one made for it:
   * an account by phone, with that mobile as its verified one (the customer is reached on it) and no e-mail or
   * password, as a phone sign-up makes. The delivery address joins the customer's address book, for the next call.
   * The order speaks the language the agent chose for the customer, else the agent's dashboard's.
   */
  async function place(
    by: AuthUser,
    input: StaffOrderCreate,
    language: Language,
    ip: string,
  ): Promise<StaffOrderPlaced> {
    let customer: typeof users.$inferSelect | undefined;
    let created = false;
    const findOrMake = async (tx: Tx) => {
      created = false;
      customer = await accountOf(tx, input.customerPhone);
      if (customer?.role) throw staffPhone();
      if (!customer) {
        [customer] = await tx
          .insert(users)
          .values({
            name: input.customerName,
            phone: input.customerPhone,
            email: null,
            passwordHash: null,
            verifiedPhone: input.customerPhone,
            contactChannel: channelFor(input.source),
            createdAt: clock.now(),
          })
          // Another member taking the same customer's call at once made it first: theirs is the account.
          .onConflictDoNothing({ target: users.verifiedPhone })
          .returning();
        created = Boolean(customer);
        customer ??= await accountOf(tx, input.customerPhone);
        if (!customer) throw new Error('the customer account was neither made nor found');
        if (created)
          await auditAdmin(tx, { user: by, ip }, 'customer_created', `made an account for ${input.customerPhone}`, {
            customerId: customer.id,
            phone: input.customerPhone,
            source: input.source,
          });
      }
      await addressesService({ db: tx, clock }).add(customer.id, input.deliveryAddress);
      return customer;
    };
    const [order] = await placing.place(
      null,
      {
        deliveryAddress: input.deliveryAddress,
        paymentMethod: input.paymentMethod === 'link' ? 'visa' : 'cash',
        language: input.language ?? language,
        nationalId: input.nationalId,
        staff: { by, items: input.items, source: input.source, customer: findOrMake },
      },
      ip,
    );
    if (!order || !customer) throw new Error('the order was not placed');
    return {
      order: {
        // Just placed: nothing of it has been asked back of a provider.
        ...forStaff(order, null, clock.now()),
        source: input.source,
        customer: { _id: customer.id, name: customer.name, email: customer.email ?? '' },
      },
      customerCreated: created,
    };
  }

  /** What the order would cost now, as placing it bills it (no coupon: staff orders take none). */
  async function quote(by: AuthUser, input: StaffOrderQuote): Promise<StaffOrderBill> {
    const [lines, settings] = await Promise.all([readItems(db, input.items), loadCodSettings(db)]);
    const bill = await billCart(db, {
      // Counts a coupon's uses, and there is no coupon.
      userId: by.id,
      lines,
      state: input.state,
      method: input.paymentMethod === 'link' ? 'visa' : 'cash',
      now: clock.now(),
    });
    const [cash, buyerIdRequired] = await Promise.all([
      input.paymentMethod === 'cash' && input.phone ? cashOffer(db, { phone: input.phone, bill, settings }) : null,
      buyerIdNeeded(db, bill.bill),
    ]);
    return {
      itemsTotal: toEgp(bill.itemsTotal),
      shipping: toEgp(bill.shipping),
      codFee: toEgp(bill.codFee),
      bill: toEgp(bill.bill),
      cash,
      buyerIdRequired,
    };
  }

  /**
   * The customer a mobile reaches, with their saved addresses and the language of their newest order (the agent
   * writes to them in it unless told otherwise); a staff member's account is nobody's to order for.
   */
  async function customerByPhone(phone: string): Promise<PhoneCustomer> {
    const found = await accountOf(db, phone);
    if (!found || found.role) return { customer: null, addresses: [] };
    const [[newest], addresses] = await Promise.all([
      db
        .select({ language: orders.language })
        .from(orders)
        .where(eq(orders.userId, found.id))
        .orderBy(desc(orders.createdAt))
        .limit(1),
      addressesService(deps).list(found.id),
    ]);
    return {
      customer: { _id: found.id, name: found.name, phone, language: newest ? languageOf(newest.language) : null },
      addresses,
    };
  }

  return { place, quote, customerByPhone };
}
