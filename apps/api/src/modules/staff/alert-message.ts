import {
  formatPrice,
  intlLocale,
  localName,
  orderRef,
  pathIn,
  WEB_PATHS,
  WEB_PATTERNS,
  type Language,
  type Named,
  type Order,
  type StaffAlert,
} from '@shop/contracts';
import { TEMPLATES } from '../messaging/templates.js';

/** The alerts about one order; the low-stock one is about products. */
export type OrderAlert = Exclude<StaffAlert, 'low_stock'>;

/** Products a low-stock alert names before "and N more": an SMS stays short. */
const NAMED = 3;

const WORDS = {
  en: {
    paid: { cash: 'cash on delivery', visa: 'paid online' },
    subject: {
      new_order: (ref: string) => `New order ${ref}`,
      return_requested: (ref: string) => `Return requested: ${ref}`,
      low_stock: () => 'Stock running low',
    },
    left: (name: string, stock: number) => (stock > 0 ? `${name} (${stock} left)` : `${name} (none left)`),
    more: (count: number) => ` and ${count} more`,
    comma: ', ',
  },
  ar: {
    paid: { cash: 'الدفع عند الاستلام', visa: 'مدفوع أونلاين' },
    // Isolated: the Latin reference keeps its place in the right-to-left subject.
    subject: {
      new_order: (ref: string) => `طلب جديد \u2066${ref}\u2069`,
      return_requested: (ref: string) => `طلب إرجاع \u2066${ref}\u2069`,
      low_stock: () => 'المخزون ينفد',
    },
    left: (name: string, stock: number) => (stock > 0 ? `${name} (بقي ${stock})` : `${name} (نفد)`),
    more: (count: number) => ` و${count} غيرها`,
    comma: '، ',
  },
} satisfies Record<Language, unknown>;

/** A staff alert's e-mail subject, in the member's language (`ref`: the order's, for the alerts about one). */
export const alertSubject = (alert: StaffAlert, language: Language, ref = '') => WORDS[language].subject[alert](ref);

/**
 * A staff alert about an order, in the member's language: its template (an SMS says its text, an e-mail too, under
 * the subject) and values, with a link to the order's page on the dashboard.
 */
export function staffAlertMessage(alert: OrderAlert, order: Order, language: Language, publicUrl: string) {
  const ref = `#${orderRef(order._id)}`;
  const link = `${publicUrl}${pathIn(WEB_PATTERNS.dashOrder.replace(':id', order._id), language)}`;
  const subject = alertSubject(alert, language, ref);
  if (alert === 'return_requested') return { template: TEMPLATES.staff_return_requested, values: [ref, link], subject };
  const bill = formatPrice(order.bill, intlLocale(language));
  const paid = WORDS[language].paid[order.paymentMethod];
  return { template: TEMPLATES.staff_new_order, values: [ref, bill, paid, link], subject };
}

/**
 * What a low-stock alert says, worded when it is queued in the member's language: the products that fell low, fewest
 * left first, by name and what is left, and the dashboard's list of products low in stock.
 */
export function lowStockPayload(
  low: readonly (Named & { stock: number })[],
  language: Language,
  publicUrl: string,
): { products: string; link: string } {
  const words = WORDS[language];
  const named = low.slice(0, NAMED).map((product) => words.left(localName(product, language).text, product.stock));
  const more = low.length > NAMED ? words.more(low.length - NAMED) : '';
  return {
    products: named.join(words.comma) + more,
    link: `${publicUrl}${pathIn(`${WEB_PATHS.dashProducts}?stock=low`, language)}`,
  };
}
