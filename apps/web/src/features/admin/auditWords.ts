import {
  CONFIRMATION_ANSWERS,
  CONFIRMATION_OUTCOMES,
  CONFIRMATION_TIMEOUTS,
  formatPrice,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type AuditAction,
} from '@shop/contracts';
import { intlLocale, type TextKey } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import type { AuditLogEntry } from './api/adminApi';
import { shortId } from './format';

type Values = Record<string, string | number>;
type Data = Record<string, unknown>;

/** What the sentence of an action needs from its entry's data: the values, or null when the data lacks them. */
type Reading = (data: Data, say: Say, entry: AuditLogEntry) => Values | null;

/** The reader's words for what the data holds: an order as the shop numbers it, money as money, a status by name. */
interface Say {
  order(id: unknown): string | null;
  money(egp: unknown): string | null;
  status(status: unknown): string | null;
  method(method: unknown): string | null;
  /** How a shopper answered a cash order's confirmation request: the link, WhatsApp, their orders page. */
  channel(by: unknown): string | null;
  /** What an agent's call about a cash order gave, as the confirmations page names it. */
  call(outcome: unknown): string | null;
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

const order: Reading = (d, say) => all({ ref: say.order(d.orderId) });
const orderPaid: Reading = (d, say) => all({ ref: say.order(d.orderId), amount: say.money(d.amount) });
const named: Reading = (d) => all({ name: text(d.name) });
/** One of the values an entry's data may hold for a choice, or null: the sentence of each is a text of its own. */
const oneOf = <T extends string>(value: unknown, known: readonly T[]): T | null =>
  known.find((item) => item === value) ?? null;
const nothing: Reading = () => ({});
/** The address the entry was written for: a sign-in tried with it, an admin made from the command line. */
const theirEmail: Reading = (_d, _say, entry) => all({ email: text(entry.userEmail) });
/** Money given back at the provider: a refund whose amount it did not say (0) is said as a part, not as EGP 0. */
const givenBack: Reading = (d, say, entry) => (whole(d.amount) ? orderPaid : order)(d, say, entry);

/**
 * Every action the API writes (AUDIT_ACTIONS), each with what its sentence reads from the entry's data (written by the
 * API as it acts: order ids, amounts in EGP, statuses by key). An action not among them, or an older entry whose data
 * lacks a value, shows the sentence the API wrote.
 */
const READINGS = {
  order_placed: (d, say) =>
    all({ ref: say.order(d.orderId), amount: say.money(d.bill), method: say.method(d.paymentMethod) }),
  order_status: (d, say) =>
    all({ ref: say.order(d.orderId), from: say.status(d.from), to: say.status(d.to), reason: text(d.reason) }) ??
    all({ ref: say.order(d.orderId), from: say.status(d.from), to: say.status(d.to) }),
  order_refunded: (d, say) =>
    all({ ref: say.order(d.orderId), amount: say.money(d.amount), from: say.status(d.from), to: say.status(d.to) }),
  order_refund_unconfirmed: order,
  order_confirmation_answered: (d, say) =>
    all({ ref: say.order(d.orderId), by: say.channel(d.by), answer: oneOf(d.answer, CONFIRMATION_ANSWERS) }),
  order_confirmation_timeout: (d, say) =>
    all({ ref: say.order(d.orderId), outcome: oneOf(d.onTimeout, CONFIRMATION_TIMEOUTS) }),
  order_expired: order,
  order_replaced: order,
  intent_created: (d, say) =>
    all({ ref: say.order(d.orderId), amount: say.money(d.amount), provider: text(d.provider) }),
  payment_succeeded: orderPaid,
  payment_pending: order,
  payment_failed: (d, say) => all({ ref: say.order(d.orderId), error: text(d.error) }),
  amount_mismatch: (d, say) => all({ ref: say.order(d.orderId), amount: say.money(d.amount), bill: say.money(d.bill) }),
  unknown_order: (d, say) => all({ amount: say.money(d.amount) }),
  paid_after_cancel: orderPaid,
  paid_after_cancel_refund_failed: orderPaid,
  paid_after_cancel_refunded: orderPaid,
  payment_duplicate: orderPaid,
  duplicate_refund_failed: orderPaid,
  duplicate_refunded: orderPaid,
  eta_resend: order,
  orders_export: nothing,
  order_note: order,
  login: nothing,
  login_failed: theirEmail,
  register: nothing,
  phone_register: nothing,
  phone_login: nothing,
  password_change: nothing,
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
  staff_invite: (d) => all({ to: text(d.to) }),
  instalment_plan_saved: named,
  shipping_rates_update: nothing,
  search_synonyms_update: nothing,
  shop_settings_update: nothing,
  eta_settings: nothing,
  product_import_check: (d) => all({ rows: whole(d.rows) }),
  product_import_apply: (d) => all({ rows: whole(d.rows) }),
  product_variants: named,
  review_delete: (d) => all({ title: text(d.title) }),
  coupon_pause: (d) => all({ code: text(d.code) }),
  coupon_resume: (d) => all({ code: text(d.code) }),
  staff_role_change: (d) => all({ member: text(d.member) }),
  staff_suspend: (d) => all({ member: text(d.member) }),
  staff_restore: (d) => all({ member: text(d.member) }),
  staff_join: nothing,
  unknown_parcel: (d) => all({ courier: text(d.courier), tracking: text(d.trackingNumber) }),
  phone_proven: (d) => all({ phone: text(d.phone) }),
  admin_create: theirEmail,
  admin_promote: theirEmail,
  customer_created: (d) => all({ phone: text(d.phone) }),
  confirmation_claimed: order,
  confirmation_outcome: (d, say) => all({ ref: say.order(d.orderId), outcome: say.call(d.outcome) }),
  cod_settings: nothing,
  payment_refunded: givenBack,
  payment_voided: orderPaid,
  deposit_paid: orderPaid,
  deposit_refunded: orderPaid,
  deposit_refund_failed: orderPaid,
  eta_product_code: named,
  category_image: named,
  seed_demo: (d) => all({ products: whole(d.products), categories: whole(d.categories) }),
  staff_invite_withdraw: (d) => all({ to: text(d.to) }),
} satisfies Record<AuditAction, Reading>;
type Said = keyof typeof READINGS;

const isSaid = (action: string): action is Said => Object.hasOwn(READINGS, action);

/** The text of an action's sentence: some actions have one for each outcome their data names. */
function keyOf(action: Said, values: Values): TextKey {
  if (action === 'order_status' && 'reason' in values) return 'admin.logs.says.order_status_reason';
  if (action === 'payment_refunded' && !('amount' in values)) return 'admin.logs.says.payment_refunded_part';
  if (action === 'order_confirmation_answered')
    return values.answer === 'cancel'
      ? 'admin.logs.says.order_confirmation_answered_cancel'
      : 'admin.logs.says.order_confirmation_answered_confirm';
  if (action === 'order_confirmation_timeout')
    return values.outcome === 'cancel'
      ? 'admin.logs.says.order_confirmation_timeout_cancel'
      : 'admin.logs.says.order_confirmation_timeout_queue';
  return `admin.logs.says.${action}`;
}

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
  };
  return (entry) => {
    const { action } = entry;
    if (!isSaid(action)) return entry.message;
    const data = entry.data !== null && typeof entry.data === 'object' ? (entry.data as Data) : {};
    const values = READINGS[action](data, say, entry);
    if (!values) return entry.message;
    const key = keyOf(action, values);
    // In a right-to-left sentence every value is isolated here, once, rather than in each text: an e-mail, a name or
    // a number at its edge would otherwise reorder the words around it. English sentences stay plain text to copy.
    if (i18n.dir(i18n.language) !== 'rtl') return t(key, values);
    return t(key, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isolate(value)])));
  };
}
