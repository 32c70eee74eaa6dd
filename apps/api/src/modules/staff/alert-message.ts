import {
  formatPrice,
  intlLocale,
  localName,
  orderRef,
  pathIn,
  DASH_PRODUCTS_LOW_ON_STOCK,
  WEB_PATTERNS,
  type Language,
  type Named,
  type Order,
  type StaffAlert,
} from '@shop/contracts';
import { TEMPLATES } from '../messaging/templates.js';
import type { OrderAlert } from './alerts.js';

/** Products a low-stock alert names before "and N more", and the characters of a name it keeps: an SMS stays short. */
const NAMED = 3;
const NAME_LENGTH = 24;

/** A product's name as an alert says it: cut short with an ellipsis, and in Arabic an English name set apart. */
function alertName(product: Named, language: Language): string {
  const { text, lang } = localName(product, language);
  const short = text.length > NAME_LENGTH ? `${text.slice(0, NAME_LENGTH - 1).trimEnd()}…` : text;
  return language === 'ar' && lang ? `\u2068${short}\u2069` : short;
}

/** "و2 منتجات أخرى": Arabic counts agree with the number (one, two, a few, many). */
const ARABIC_MORE: Record<Intl.LDMLPluralRule, (count: number) => string> = {
  zero: (count) => ` و${count} منتج آخر`,
  one: () => ' ومنتج آخر',
  two: () => ' ومنتجان آخران',
  few: (count) => ` و${count} منتجات أخرى`,
  many: (count) => ` و${count} منتجًا آخر`,
  other: (count) => ` و${count} منتج آخر`,
};
const arabicPlural = new Intl.PluralRules('ar');

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
    more: (count: number) => ARABIC_MORE[arabicPlural.select(count)](count),
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
  const named = low.slice(0, NAMED).map((product) => words.left(alertName(product, language), product.stock));
  const more = low.length > NAMED ? words.more(low.length - NAMED) : '';
  return {
    products: named.join(words.comma) + more,
    link: `${publicUrl}${pathIn(DASH_PRODUCTS_LOW_ON_STOCK, language)}`,
  };
}
