import {
  formatPrice,
  intlLocale,
  localName,
  orderRef,
  pathIn,
  DASH_PRODUCTS_LOW_ON_STOCK,
  DASH_REVIEWS_AWAITING,
  WEB_PATTERNS,
  WEB_PATHS,
  type Language,
  type Named,
  type LowSize,
  type Order,
  type StaffAlert,
  variantValues,
} from '@shop/contracts';
import { toEgp } from '../../lib/money.js';
import { TEMPLATES } from '../messaging/templates.js';
import type { OrderAlert } from './alerts.js';

/**
 * Products a low-stock alert names before "and N more" (and sizes of one product before "…"), and the characters of a
 * name it keeps: an SMS stays short.
 */
const NAMED = 3;
const NAME_LENGTH = 24;

/** A text cut short with an ellipsis: an SMS stays short. */
const cut = (text: string) => (text.length > NAME_LENGTH ? `${text.slice(0, NAME_LENGTH - 1).trimEnd()}…` : text);

/** A product's name as an alert says it: cut short, and in Arabic an English name set apart. */
function alertName(product: Named, language: Language): string {
  const { text, lang } = localName(product, language);
  return language === 'ar' && lang ? `\u2068${cut(text)}\u2069` : cut(text);
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
/** "14 طلبًا": the orders a summary counts, agreeing with their number as ARABIC_MORE's products do. */
const ARABIC_ORDERS: Record<Intl.LDMLPluralRule, (count: number) => string> = {
  zero: (count) => `${count} طلب`,
  one: () => 'طلب واحد',
  two: () => 'طلبان',
  few: (count) => `${count} طلبات`,
  many: (count) => `${count} طلبًا`,
  other: (count) => `${count} طلب`,
};

const WORDS = {
  en: {
    paid: { cash: 'cash on delivery', visa: 'paid online' },
    subject: {
      new_order: (ref: string) => `New order ${ref}`,
      return_requested: (ref: string) => `Return requested: ${ref}`,
      low_stock: () => 'Stock running low',
      low_review: () => 'A low review to answer',
      daily_summary: (day: string) => `Your shop on ${day}`,
    },
    left: (name: string, stock: number) => (stock > 0 ? `${name} (${stock} left)` : `${name} (none left)`),
    sizeLeft: (size: string, stock: number) => (stock > 0 ? `${size}: ${stock} left` : `${size}: none left`),
    semicolon: '; ',
    more: (count: number) => ` and ${count} more`,
    stars: (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`),
    comma: ', ',
    sales: (orders: number, worth: string) =>
      orders ? `${orders} ${orders === 1 ? 'order' : 'orders'}, ${worth}` : 'no sales',
    waiting: {
      toConfirm: (count: number) => `${count} to confirm`,
      toShip: (count: number) => `${count} to ship`,
      returns: (count: number) => `${count} ${count === 1 ? 'return' : 'returns'}`,
      lowStock: (count: number) => `${count} low in stock`,
    },
    nothing: 'nothing',
  },
  ar: {
    paid: { cash: 'الدفع عند الاستلام', visa: 'مدفوع أونلاين' },
    // Isolated: the Latin reference keeps its place in the right-to-left subject.
    subject: {
      new_order: (ref: string) => `طلب جديد \u2066${ref}\u2069`,
      return_requested: (ref: string) => `طلب إرجاع \u2066${ref}\u2069`,
      low_stock: () => 'المخزون ينفد',
      low_review: () => 'مراجعة منخفضة بانتظار ردك',
      daily_summary: (day: string) => `متجرك يوم ${day}`,
    },
    left: (name: string, stock: number) => (stock > 0 ? `${name} (بقي ${stock})` : `${name} (نفد)`),
    sizeLeft: (size: string, stock: number) => (stock > 0 ? `${size}: بقي ${stock}` : `${size}: نفد`),
    semicolon: '؛ ',
    more: (count: number) => ARABIC_MORE[arabicPlural.select(count)](count),
    // A low review's: one or two stars (LOW_REVIEW_STARS), as the verb takes them.
    stars: (stars: number) => (stars === 1 ? 'نجمة واحدة' : stars === 2 ? 'نجمتين' : `${stars} نجوم`),
    comma: '، ',
    sales: (orders: number, worth: string) =>
      orders ? `${ARABIC_ORDERS[arabicPlural.select(orders)](orders)} بقيمة ${worth}` : 'لا مبيعات',
    // The number in brackets after its words, as a low-stock alert's "(بقي 2)": no noun has to agree with it.
    waiting: {
      toConfirm: (count: number) => `للتأكيد (${count})`,
      toShip: (count: number) => `للشحن (${count})`,
      returns: (count: number) => `طلبات إرجاع (${count})`,
      lowStock: (count: number) => `مخزون قليل (${count})`,
    },
    nothing: 'لا شيء',
  },
} satisfies Record<Language, unknown>;

/**
 * A staff alert's e-mail subject, in the member's language (`ref`: the order's, for the alerts about one; the day's,
 * for a summary).
 */
export const alertSubject = (alert: StaffAlert, language: Language, ref = '') => WORDS[language].subject[alert](ref);

/**
 * The alerts worded as they are queued, in the member's language (low-stock.ts, daily-summary.ts): the payload's
 * parts, in order, are their template's values.
 */
const WORDED = {
  low_stock: { template: TEMPLATES.staff_low_stock, parts: ['products', 'link'] },
  low_review: { template: TEMPLATES.staff_low_review, parts: ['product', 'stars', 'title', 'link'] },
  daily_summary: { template: TEMPLATES.staff_daily_summary, parts: ['day', 'sales', 'waiting', 'link'] },
} as const;
export type WordedAlert = keyof typeof WORDED;
export const isWordedAlert = (alert: StaffAlert): alert is WordedAlert => alert in WORDED;

/** A worded alert as it is sent: its template, its values (`part` reads one of its payload) and its e-mail subject. */
export function wordedAlertMessage(alert: WordedAlert, part: (name: string) => string, language: Language) {
  const { template, parts } = WORDED[alert];
  // A summary's subject names its day.
  const subject = alertSubject(alert, language, alert === 'daily_summary' ? part('day') : '');
  return { template, values: parts.map(part), subject };
}

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

/** A product low in stock as an alert names it: sold as one thing, its stock; sold in sizes, its sizes that are low. */
export interface LowProduct extends Named {
  stock: number;
  /** Its sizes low in stock, fewest left first (`lowSizesOf`); empty for a product sold as one thing. */
  sizes: readonly LowSize[];
}

/** "Classic Tee (M: 2 left; L: none left)", "Kettle (3 left)". */
function lowProductWords(product: LowProduct, language: Language): string {
  const words = WORDS[language];
  const name = alertName(product, language);
  if (!product.sizes.length) return words.left(name, product.stock);
  const sizes = product.sizes.slice(0, NAMED).map((size) => {
    const values = cut(variantValues(size, language));
    return words.sizeLeft(language === 'ar' ? `\u2068${values}\u2069` : values, size.stock);
  });
  return `${name} (${sizes.join(words.semicolon)}${product.sizes.length > NAMED ? `${words.semicolon}…` : ''})`;
}

/**
 * What a low-stock alert says, worded when it is queued in the member's language: the products that fell low, fewest
 * left first, by name and what is left (a product in sizes by its sizes low in stock), and the dashboard's list of
 * products low in stock.
 */
export function lowStockPayload(
  low: readonly LowProduct[],
  language: Language,
  publicUrl: string,
): { products: string; link: string } {
  const words = WORDS[language];
  const named = low.slice(0, NAMED).map((product) => lowProductWords(product, language));
  const more = low.length > NAMED ? words.more(low.length - NAMED) : '';
  return {
    products: named.join(words.comma) + more,
    link: `${publicUrl}${pathIn(DASH_PRODUCTS_LOW_ON_STOCK, language)}`,
  };
}

/**
 * What a low-review alert says, worded when it is queued in the member's language: the product, the stars, the
 * review's title (cut short, as names are), and the dashboard's reviews waiting for an answer.
 */
export function lowReviewPayload(
  review: { rating: number; title: string },
  product: Named,
  language: Language,
  publicUrl: string,
): { product: string; stars: string; title: string; link: string } {
  return {
    product: alertName(product, language),
    stars: WORDS[language].stars(review.rating),
    // Isolated in Arabic, as an English name is: the shopper's words may run either way.
    title: language === 'ar' ? `\u2068${cut(review.title)}\u2069` : cut(review.title),
    link: `${publicUrl}${pathIn(DASH_REVIEWS_AWAITING, language)}`,
  };
}

/** What a morning's summary tells: the day before's sales, and what waits for the staff as it is sent. */
export interface DailyFigures {
  /** Cairo's day the sales are of, 'YYYY-MM-DD'. */
  day: string;
  orders: number;
  /** What they brought, in piastres. */
  piastres: number;
  waiting: Record<keyof (typeof WORDS)['en']['waiting'], number>;
}

/**
 * A daily summary, worded when it is queued in the member's language: the day, its sales as the overview counts them,
 * what waits (each count that is not zero), and the overview's link.
 */
export function dailySummaryPayload(
  figures: DailyFigures,
  language: Language,
  publicUrl: string,
): { day: string; sales: string; waiting: string; link: string } {
  const words = WORDS[language];
  const locale = intlLocale(language);
  // Short, so that an SMS in English stays one part: "Mon, Dec 7"; "الاثنين، 7 ديسمبر".
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const waiting = (Object.keys(words.waiting) as (keyof DailyFigures['waiting'])[])
    .filter((part) => figures.waiting[part] > 0)
    .map((part) => words.waiting[part](figures.waiting[part]));
  return {
    day: day.format(new Date(Date.parse(figures.day))),
    sales: words.sales(figures.orders, formatPrice(toEgp(figures.piastres), locale)),
    waiting: waiting.length ? waiting.join(words.comma) : words.nothing,
    link: `${publicUrl}${pathIn(WEB_PATHS.dashboard, language)}`,
  };
}
