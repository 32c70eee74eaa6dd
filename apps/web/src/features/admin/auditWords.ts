import {
  calendarDay,
  CONFIRMATION_ANSWERS,
  CONFIRMATION_OUTCOMES,
  CONFIRMATION_TIMEOUTS,
  formatPrice,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  paidBackWayOf,
  type AuditAction,
  type AuditLogEntry,
} from '@shop/contracts';
import { intlLocale, type TextKey } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { formatDate } from '../../lib/format';
import { shortId } from './format';

type Values = Record<string, string | number>;
type Data = Record<string, unknown>;

/**
 * A sentence of a text other than the action's own (`admin.logs.says.{action}`): the one of an outcome the data names,
 * or the shorter one that is all an older entry's data allows. `then`, when the action did more, is a text around it.
 */
class Worded {
  constructor(
    readonly key: TextKey,
    readonly values: Values,
    readonly then: TextKey | null = null,
  ) {}
}

/** What the sentence of an action needs from its entry's data: the values, or null when the data lacks them. */
type Reading = (data: Data, say: Say, entry: AuditLogEntry) => Values | Worded | null;

/** The reader's words for what the data holds: an order as the shop numbers it, money as money, a status by name. */
interface Say {
  order(id: unknown): string | null;
  money(egp: unknown): string | null;
  /** A day of the calendar ('YYYY-MM-DD'), as the dashboard writes dates. */
  day(day: unknown): string | null;
  status(status: unknown): string | null;
  method(method: unknown): string | null;
  /** How a shopper answered a cash order's confirmation request: the link, WhatsApp, their orders page. */
  channel(by: unknown): string | null;
  /** What an agent's call about a cash order gave, as the confirmations page names it. */
  call(outcome: unknown): string | null;
  /** How money went back by hand: a way the dashboard records, in the reader's words; any other as it was written. */
  paidBackBy(words: unknown): string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Every value there, or null: a sentence is said whole or not at all. */
function all(values: Record<string, string | number | null>): Values | null {
  const entries = Object.entries(values);
  return entries.every((entry): entry is [string, string | number] => entry[1] !== null)
    ? Object.fromEntries(entries)
    : null;
}

const worded = (key: TextKey, values: Values | null): Worded | null => values && new Worded(key, values);

/** The actions with a shorter sentence, each its text `admin.logs.shorter.{action}` (inferred key by key). */
type Shortened = TextKey extends infer Key
  ? Key extends `admin.logs.shorter.${infer Action}`
    ? Action
    : never
  : never;
/**
 * The sentence of an entry written before the API put a value in its data (a name, a phone, a provider), said with what
 * such an entry holds: never with an empty place, nor in the API's English on an Arabic page.
 */
const shorter = (action: Shortened, values: Values | null = {}): Worded | null =>
  worded(`admin.logs.shorter.${action}`, values);

const order = (d: Data, say: Say) => all({ ref: say.order(d.orderId) });
const orderPaid = (d: Data, say: Say) => all({ ref: say.order(d.orderId), amount: say.money(d.amount) });
/** Money an order's staff gave back by hand, and how. */
const paidBackByHand = (d: Data, say: Say) =>
  all({ ref: say.order(d.orderId), amount: say.money(d.amount), how: say.paidBackBy(d.paidBackBy) });
const named = (d: Data) => all({ name: text(d.name) });
/** One of the values an entry's data may hold for a choice, or null: the sentence of each is a text of its own. */
const oneOf = <T extends string>(value: unknown, known: readonly T[]): T | null =>
  known.find((item) => item === value) ?? null;
const nothing: Reading = () => ({});
/** The address the entry was written for: a sign-in tried with it, an admin made from the command line. */
const theirEmail: Reading = (_d, _say, entry) => all({ email: text(entry.userEmail) });
/** A staff member by their address or phone, which older entries of theirs lack. */
const member =
  (action: Shortened): Reading =>
  (d) =>
    all({ member: text(d.member) }) ?? shorter(action);
/** A coupon by its code, which older entries of its pausing and resuming lack. */
const coupon =
  (action: Shortened): Reading =>
  (d) =>
    all({ code: text(d.code) }) ?? shorter(action);

/**
 * Money given back at the provider, and what its callback did to the order when that finalised the refund
 * (payments/service.ts `finalises`): cancelled it and returned its stock, or marked it refunded.
 */
function givenBack(d: Data, values: Values | null, key: TextKey): Worded | null {
  const then =
    d.cancelled === true
      ? 'admin.logs.finalised.cancelled'
      : d.refunded === true
        ? 'admin.logs.finalised.refunded'
        : null;
  return values && new Worded(key, values, then);
}

/**
 * Every action the API writes (AUDIT_ACTIONS), each with what its sentence reads from the entry's data (written by the
 * API as it acts: order ids, amounts in EGP, statuses by key), or the shorter sentence of an older entry. An action
 * not among them, or data the app cannot read (an unknown status, a channel added later), shows the API's sentence.
 */
const READINGS = {
  order_placed: (d, say) =>
    all({ ref: say.order(d.orderId), amount: say.money(d.bill), method: say.method(d.paymentMethod) }),
  order_status: (d, say) =>
    worded(
      'admin.logs.says.order_status_reason',
      all({ ref: say.order(d.orderId), from: say.status(d.from), to: say.status(d.to), reason: text(d.reason) }),
    ) ?? all({ ref: say.order(d.orderId), from: say.status(d.from), to: say.status(d.to) }),
  order_refunded: (d, say) =>
    all({ ref: say.order(d.orderId), amount: say.money(d.amount), from: say.status(d.from), to: say.status(d.to) }),
  order_refund_unconfirmed: order,
  order_refund_not_given: order,
  order_refund_checked: order,
  // A shopper's "cancel" and a timeout's cancelling have sentences of their own.
  order_confirmation_answered: (d, say) => {
    const values = all({
      ref: say.order(d.orderId),
      by: say.channel(d.by),
      answer: oneOf(d.answer, CONFIRMATION_ANSWERS),
    });
    return d.answer === 'cancel' ? worded('admin.logs.says.order_confirmation_answered_cancel', values) : values;
  },
  order_confirmation_timeout: (d, say) => {
    const values = all({ ref: say.order(d.orderId), outcome: oneOf(d.onTimeout, CONFIRMATION_TIMEOUTS) });
    return d.onTimeout === 'cancel' ? worded('admin.logs.says.order_confirmation_timeout_cancel', values) : values;
  },
  order_expired: order,
  order_replaced: order,
  // Older entries name no provider.
  intent_created: (d, say) =>
    all({ ref: say.order(d.orderId), amount: say.money(d.amount), provider: text(d.provider) }) ??
    shorter('intent_created', orderPaid(d, say)),
  payment_succeeded: orderPaid,
  payment_pending: order,
  // A provider may fail a payment without a reason.
  payment_failed: (d, say) =>
    all({ ref: say.order(d.orderId), error: text(d.error) }) ?? shorter('payment_failed', order(d, say)),
  amount_mismatch: (d, say) => all({ ref: say.order(d.orderId), amount: say.money(d.amount), bill: say.money(d.bill) }),
  unknown_order: (d, say) => all({ amount: say.money(d.amount) }),
  paid_after_cancel: orderPaid,
  paid_after_cancel_refund_failed: orderPaid,
  paid_after_cancel_refunded: orderPaid,
  payment_duplicate: orderPaid,
  duplicate_refund_failed: orderPaid,
  duplicate_refunded: orderPaid,
  payment_paid_back: paidBackByHand,
  eta_resend: order,
  orders_export: nothing,
  order_note: order,
  order_address: order,
  login: nothing,
  login_failed: theirEmail,
  register: nothing,
  phone_register: nothing,
  phone_login: nothing,
  password_change: nothing,
  signed_out_everywhere: nothing,
  signed_out_device: nothing,
  password_reset: nothing,
  reset_requested: nothing,
  delete_account: nothing,
  product_create: named,
  product_update: named,
  product_delete: named,
  category_create: named,
  banner_create: named,
  banner_update: named,
  banner_delete: named,
  banner_order: nothing,
  category_update: named,
  category_delete: named,
  department_create: named,
  department_update: named,
  department_delete: named,
  coupon_create: (d) => all({ code: text(d.code) }),
  coupon_update: (d) => all({ code: text(d.code) }),
  role_create: named,
  role_update: named,
  role_delete: named,
  staff_invite: (d) => all({ to: text(d.to) }),
  instalment_plan_saved: named,
  shipping_rates_update: nothing,
  search_synonyms_update: nothing,
  shop_settings_update: nothing,
  eta_settings: nothing,
  product_import_check: (d) => all({ rows: whole(d.rows) }),
  product_import_apply: (d) => all({ rows: whole(d.rows) }),
  sale_ended: (d, say) => all({ name: text(d.name), day: say.day(d.lastDay) }),
  product_variants: (d) => named(d) ?? shorter('product_variants'),
  review_delete: (d) => all({ title: text(d.title) }) ?? shorter('review_delete'),
  review_reply: (d) => all({ title: text(d.title), reply: text(d.reply) }),
  review_reply_delete: (d) => all({ title: text(d.title) }),
  coupon_pause: coupon('coupon_pause'),
  coupon_resume: coupon('coupon_resume'),
  staff_role_change: member('staff_role_change'),
  staff_suspend: member('staff_suspend'),
  staff_restore: member('staff_restore'),
  staff_join: nothing,
  unknown_parcel: (d) => all({ courier: text(d.courier), tracking: text(d.trackingNumber) }),
  phone_proven: (d) => all({ phone: text(d.phone) }) ?? shorter('phone_proven'),
  admin_create: theirEmail,
  admin_promote: theirEmail,
  customer_created: (d) => all({ phone: text(d.phone) }) ?? shorter('customer_created'),
  customer_signed_out: (d) => all({ customer: text(d.customer) }) ?? shorter('customer_signed_out'),
  confirmation_claimed: order,
  confirmation_outcome: (d, say) => all({ ref: say.order(d.orderId), outcome: say.call(d.outcome) }),
  cod_settings: nothing,
  payment_refunded: (d, say) =>
    // A refund whose amount the provider did not say (0) is said as a part, not as EGP 0.
    whole(d.amount)
      ? givenBack(d, orderPaid(d, say), 'admin.logs.says.payment_refunded')
      : givenBack(d, order(d, say), 'admin.logs.says.payment_refunded_part'),
  payment_voided: (d, say) => givenBack(d, orderPaid(d, say), 'admin.logs.says.payment_voided'),
  deposit_paid: orderPaid,
  // Given back by hand (a parcel refused at the door kept it), the entry says how; given back at the provider (a
  // cancelled order's), or written before the way was kept, it does not.
  deposit_refunded: (d, say) =>
    worded('admin.logs.says.deposit_refunded_by_hand', paidBackByHand(d, say)) ?? orderPaid(d, say),
  deposit_refund_failed: orderPaid,
  eta_product_code: (d) => named(d) ?? shorter('eta_product_code'),
  category_image: (d) => named(d) ?? shorter('category_image'),
  seed_demo: (d) => all({ products: whole(d.products), categories: whole(d.categories) }) ?? shorter('seed_demo'),
  staff_invite_withdraw: (d) => all({ to: text(d.to) }),
} satisfies Record<AuditAction, Reading>;
type Said = keyof typeof READINGS;

const isSaid = (action: string): action is Said => Object.hasOwn(READINGS, action);

/**
 * A value set apart from the sentence around it (U+2068 first strong isolate … U+2069): it reads in the direction of
 * its own first letter and neither moves the words around it nor is moved by them. Screen readers do not read the marks.
 */
const isolate = (value: string | number) => `\u2068${value}\u2069`;

/**
 * An audit entry's sentence in the reader's language, from its action and data, each value in an Arabic one isolated;
 * the API's own where it cannot.
 */
export function useAuditWords(): (entry: AuditLogEntry) => string {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const say: Say = {
    order: (id) => (text(id) ? shortId(String(id)) : null),
    money: (egp) => {
      const amount = whole(egp);
      return amount === null ? null : formatPrice(amount, locale);
    },
    // At noon, so that no time zone moves it to another day.
    day: (day) => (calendarDay.safeParse(day).success ? formatDate(`${String(day)}T12:00:00`, locale) : null),
    status: (status) => {
      const known = ORDER_STATUSES.find((s) => s === status);
      return known ? t(`admin.status.${known}`) : null;
    },
    method: (method) => {
      const known = PAYMENT_METHODS.find((m) => m === method);
      return known ? t(`admin.orders.methods.${known}`) : null;
    },
    channel: (by) => {
      const known = oneOf(by, ['link', 'whatsapp', 'orders']);
      return known ? t(`admin.logs.answeredBy.${known}`) : null;
    },
    call: (outcome) => {
      const known = oneOf(outcome, CONFIRMATION_OUTCOMES);
      return known ? t(`admin.confirmations.outcomes.${known}`) : null;
    },
    paidBackBy: (words) => {
      const way = paidBackWayOf(words);
      return way ? t(`admin.orders.paidBackBy.${way}`) : text(words);
    },
  };
  return (entry) => {
    const { action } = entry;
    if (!isSaid(action)) return entry.message;
    const data = entry.data !== null && typeof entry.data === 'object' ? (entry.data as Data) : {};
    const read = READINGS[action](data, say, entry);
    if (!read) return entry.message;
    const { key, values, then } =
      read instanceof Worded ? read : { key: `admin.logs.says.${action}` as const, values: read, then: null };
    // In a right-to-left sentence every value is isolated here, once, rather than in each text: an e-mail, a name or
    // a number at its edge would otherwise reorder the words around it. English sentences stay plain text to copy.
    const rtl = i18n.dir(i18n.language) === 'rtl';
    const said = t(
      key,
      rtl ? Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isolate(value)])) : values,
    );
    // What else came of it is said around the sentence, which is of the reader's language and needs no isolating.
    return then ? t(then, { said }) : said;
  };
}
