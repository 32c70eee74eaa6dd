import { and, eq, exists, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { languageOf, WEB_PATHS, type Language } from '@shop/contracts';
import type { Tx } from '../../db/client.js';
import { cartItems, users } from '../../db/schema.js';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import { signedIds } from '../../lib/signed-ids.js';
import type { Deps } from '../deps.js';
import { freeUnits } from '../orders/claimed.js';
import { contactChannel } from './order-messages.js';
import { queueMessage } from './queue.js';
import type { Reply } from './status.js';
import { transaction } from '../../db/transaction.js';

export const CART_REMINDER = 'cart_reminder';
/** A cart unchanged this long is reminded of. */
export const CART_LEFT_MS = 24 * 60 * 60_000;
/** How often the reminders' pass looks for carts left: a reminder goes out at most this late. */
const EVERY_MS = 10 * 60_000;
/** Carts claimed in one transaction. */
const BATCH = 50;
/** The opt-out link's route under /api; the signed token is its last segment. */
export const REMINDERS_STOP_PATH = '/messaging/reminders/stop';
/** The payload of the WhatsApp reminder's quick-reply button, handled as a reply of STOP. */
export const STOP_PAYLOAD = 'cart_reminders_stop';
/** Replies that opt out, compared without case or the spaces around them; إيقاف is also typed without its hamza. */
const STOP_WORDS = new Set(['stop', 'إيقاف', 'ايقاف']);

export const isStop = (reply: Pick<Reply, 'text' | 'buttonPayload'>) =>
  reply.buttonPayload === STOP_PAYLOAD || STOP_WORDS.has((reply.text ?? '').trim().toLowerCase());

export interface CartReminders extends Passes {
  /** The opt-out link of a shopper's reminders: signed, so it opts out that shopper only, and needs no sign-in. */
  optOutUrl(userId: string): string;
  /** Opts out the shopper a link names; resolves to the language they had agreed in, or null for a forged link. */
  optOut(token: string): Promise<{ language: Language | null } | null>;
  /**
   * Opts out of marketing by WhatsApp the shopper whose verified mobile wrote STOP: their cart reminders, and the
   * back-in-stock alerts they asked for before it (back-in-stock/alerts.ts).
   */
  optOutPhone(phone: string): Promise<void>;
}

/**
 * Reminders of carts left a day by shoppers who agreed to them (the profile's box, off until ticked: a reminder
 * is marketing, which the shopper has to ask for). Each pass claims the carts due in one transaction that marks them
 * reminded and queues their messages: the rows are locked and skipped by another instance's pass, so a cart gets one
 * reminder however many instances run, and another only once the shopper changes it again.
 */
export function createCartReminders(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config' | 'messageSender'> & { jwtSecret: string },
): CartReminders {
  const { db, clock, config } = deps;
  const links = signedIds(deps.jwtSecret, 'cart-reminders opt-out');
  const optOutUrl = (userId: string) => `${config.PUBLIC_URL}/api${REMINDERS_STOP_PATH}/${links.tokenOf(userId)}`;

  async function claim(tx: Tx, now: Date) {
    const due = tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNotNull(users.cartRemindersLanguage),
          lte(users.cartChangedAt, new Date(now.getTime() - CART_LEFT_MS)),
          or(isNull(users.cartRemindedAt), lt(users.cartRemindedAt, users.cartChangedAt)),
          exists(
            tx
              .select({ one: sql`1` })
              .from(cartItems)
              // Not for what an order is being paid for.
              .where(and(eq(cartItems.userId, users.id), gt(freeUnits, 0))),
          ),
        ),
      )
      .orderBy(users.cartChangedAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return tx.update(users).set({ cartRemindedAt: now }).where(inArray(users.id, due)).returning({
      id: users.id,
      channel: contactChannel,
      email: users.email,
      phone: users.verifiedPhone,
      language: users.cartRemindersLanguage,
    });
  }

  async function pass(): Promise<number> {
    const now = clock.now();
    const queued = await transaction(db, async (tx) => {
      let count = 0;
      for (const cart of await claim(tx, now)) {
        const to = cart.channel === 'email' ? cart.email : cart.phone;
        if (!to) continue;
        await queueMessage(tx, {
          kind: CART_REMINDER,
          channel: cart.channel,
          to,
          language: languageOf(cart.language),
          payload: { cart: `${config.PUBLIC_URL}${WEB_PATHS.cart}`, optOut: optOutUrl(cart.id) },
        });
        count++;
      }
      return count;
    });
    if (queued) deps.messageSender.wake();
    return queued;
  }

  return {
    ...repeatedPasses(pass, { everyMs: EVERY_MS, log: deps.log, failure: 'cart reminders pass failed' }),
    optOutUrl,
    async optOut(token) {
      const userId = links.idOf(token);
      if (!userId) return null;
      const [before] = await db
        .select({ language: users.cartRemindersLanguage })
        .from(users)
        .where(eq(users.id, userId));
      if (!before) return null;
      await db.update(users).set({ cartRemindersLanguage: null }).where(eq(users.id, userId));
      return { language: before.language ? languageOf(before.language) : null };
    },
    async optOutPhone(phone) {
      await db
        .update(users)
        .set({ cartRemindersLanguage: null, whatsappStoppedAt: clock.now() })
        .where(eq(users.verifiedPhone, phone));
    },
  };
}
