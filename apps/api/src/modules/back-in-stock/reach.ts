import { eq, gt, sql, type SQL } from 'drizzle-orm';
import { labelVariant, localName, variantValues, type Language, type ProductOption } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { backInStockRequests, products, productVariants, users } from '../../db/schema.js';
import { contactChannel } from '../messaging/order-messages.js';
import type { Channel } from '../messaging/provider.js';

/** What the shop knows of a shopper to reach them: order-messages.ts's `contactChannel` and their addresses. */
export interface Contact {
  channel: Channel;
  email: string | null;
  phone: string | null;
  /** They replied STOP on WhatsApp after they asked. */
  stoppedSince: boolean;
}

/** A shopper's `Contact`, read from their row; `stopped` says whether their STOP on WhatsApp counts. */
export const contactOf = (stopped: SQL) => ({
  channel: contactChannel,
  email: users.email,
  phone: users.verifiedPhone,
  stoppedSince: sql<boolean>`${stopped}`,
});

/** A request's `Contact`, read from the request joined to its shopper: a STOP after it was asked. */
export const contactOfRequest = contactOf(
  sql`coalesce(${gt(users.whatsappStoppedAt, backInStockRequests.askedAt)}, false)`,
);

/** Requests with what their messages need: the shopper's `Contact`, the product's names and the variant's options. */
export function requestsToTell(tx: DbOrTx) {
  return tx
    .select({
      userId: backInStockRequests.userId,
      productId: backInStockRequests.productId,
      variantId: backInStockRequests.variantId,
      language: backInStockRequests.language,
      askedAt: backInStockRequests.askedAt,
      name: products.name,
      nameAr: products.nameAr,
      options: products.options,
      variantOptions: productVariants.options,
      ...contactOfRequest,
    })
    .from(backInStockRequests)
    .innerJoin(users, eq(users.id, backInStockRequests.userId))
    .innerJoin(products, eq(products.id, backInStockRequests.productId))
    .leftJoin(productVariants, eq(productVariants.id, backInStockRequests.variantId));
}

/**
 * Where a back-in-stock message goes: the shopper's channel, to their address on it; by e-mail, if they have one,
 * once they replied STOP on WhatsApp after asking (the alert is marketing at Meta); null when there is nobody to write
 * to by a channel they allow. The alerts' pass sends by it and the product page says it, so both say the same.
 */
export function reachOf(contact: Contact): { channel: Channel; to: string } | null {
  const channel = contact.channel === 'whatsapp' && contact.stoppedSince ? 'email' : contact.channel;
  const to = channel === 'email' ? contact.email : contact.phone;
  return to ? { channel, to } : null;
}

/** What a shopper waits for as a message names it: the product, with the variant's values ("Mug Dot (M, Red)"). */
export function wantedName(
  wanted: {
    name: string;
    nameAr: string | null;
    options: ProductOption[];
    variantOptions: Record<string, string> | null;
  },
  language: Language,
): string {
  const name = localName(wanted, language).text;
  const values = wanted.variantOptions
    ? variantValues({ options: labelVariant(wanted.options, wanted.variantOptions) }, language)
    : '';
  return values ? `${name} (${values})` : name;
}
