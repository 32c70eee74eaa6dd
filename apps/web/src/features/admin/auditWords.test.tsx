import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AUDIT_ACTIONS, type AuditAction, type AuditLogEntry } from '@shop/contracts';
import { changeLanguage } from '../../i18n';
import { useAuditWords } from './auditWords';

const ORDER = 'abcdef12-3456-4789-8abc-def012345678';

const entry = (action: string, data: unknown, message = `the API's words for ${action}`): AuditLogEntry => ({
  _id: '1',
  type: 'order',
  action,
  message,
  data,
  userId: null,
  userEmail: null,
  userPhone: null,
  ip: null,
  userName: null,
  userRole: null,
  createdAt: '2025-03-05T10:00:00.000Z',
});

afterEach(() => act(() => changeLanguage('en')));

const paid = { orderId: ORDER, amount: 530 };
const named = { id: 'p1', name: 'Cotton Tee' };
/** Each action's data as the API writes it. */
const WRITTEN: Record<AuditAction, Record<string, unknown>> = {
  login: {},
  login_failed: {},
  register: {},
  phone_register: {},
  phone_login: {},
  phone_proven: { phone: '+201001234567' },
  password_change: {},
  signed_out_everywhere: {},
  signed_out_device: {},
  password_reset: {},
  reset_requested: {},
  delete_account: {},
  admin_create: {},
  admin_promote: {},
  order_placed: { orderId: ORDER, bill: 530, paymentMethod: 'cash', items: 1 },
  order_status: { orderId: ORDER, from: 'paid', to: 'shipped' },
  order_refunded: { orderId: ORDER, amount: 250, from: 'paid', to: 'cancelled' },
  order_refund_unconfirmed: { orderId: ORDER },
  order_refund_not_given: { orderId: ORDER },
  order_refund_checked: { orderId: ORDER },
  order_confirmation_answered: { orderId: ORDER, answer: 'confirm', by: 'link' },
  order_confirmation_timeout: { orderId: ORDER, onTimeout: 'queue' },
  order_expired: { orderId: ORDER },
  order_replaced: { orderId: ORDER },
  order_note: { orderId: ORDER, noteId: 'n1' },
  order_address: { orderId: ORDER, from: {}, to: {} },
  orders_export: { status: 'paid' },
  customer_created: { customerId: 'u1', phone: '+201001234567', source: 'phone' },
  customer_signed_out: { userId: 'u1', customer: 'mona@example.com' },
  confirmation_claimed: { orderId: ORDER },
  confirmation_outcome: { orderId: ORDER, outcome: 'no_answer', attempts: 1 },
  cod_settings: { before: {}, after: {} },
  unknown_parcel: { courier: 'Bosta', trackingNumber: 'BX123' },
  intent_created: { orderId: ORDER, amount: 530, provider: 'paymob' },
  payment_succeeded: paid,
  payment_pending: { orderId: ORDER, reference: '123' },
  payment_failed: { orderId: ORDER, error: 'Declined' },
  payment_refunded: { ...paid, cancelled: true },
  payment_voided: paid,
  payment_duplicate: paid,
  amount_mismatch: { orderId: ORDER, amount: 500, bill: 530 },
  unknown_order: { amount: 530 },
  deposit_paid: { orderId: ORDER, amount: 60 },
  deposit_refunded: { orderId: ORDER, amount: 60, refund: 'refunded' },
  deposit_refund_failed: { orderId: ORDER, amount: 60 },
  paid_after_cancel: paid,
  paid_after_cancel_refunded: paid,
  paid_after_cancel_refund_failed: paid,
  duplicate_refunded: paid,
  duplicate_refund_failed: paid,
  payment_paid_back: { ...paid, paidBackBy: 'InstaPay' },
  eta_settings: { rin: '123456789' },
  eta_resend: { orderId: ORDER },
  eta_product_code: { itemType: 'EGS', itemCode: 'EG-1-2', name: 'Cotton Tee' },
  product_create: named,
  product_update: named,
  product_delete: named,
  product_variants: named,
  product_import_check: { rows: 12 },
  product_import_apply: { rows: 12 },
  sale_ended: { ...named, lastDay: '2026-12-10' },
  category_create: named,
  category_update: named,
  category_delete: named,
  category_image: { ...named, image: 'a.webp' },
  department_create: named,
  department_update: named,
  department_delete: named,
  coupon_create: { code: 'EID10' },
  coupon_update: { code: 'EID10' },
  coupon_pause: { code: 'EID10' },
  coupon_resume: { code: 'EID10' },
  banner_create: named,
  banner_update: named,
  banner_delete: named,
  banner_order: { ids: ['b1'] },
  review_delete: { title: 'Great' },
  review_reply: { title: 'Great', reply: 'Thank you' },
  review_reply_delete: { title: 'Great' },
  instalment_plan_saved: { name: 'valU' },
  shipping_rates_update: {},
  search_synonyms_update: {},
  shop_settings_update: {},
  seed_demo: { products: 40, categories: 8 },
  role_create: { name: 'Packer' },
  role_update: { name: 'Packer' },
  role_delete: { name: 'Packer' },
  staff_invite: { to: 'sara@example.com' },
  staff_invite_withdraw: { to: 'sara@example.com' },
  staff_join: {},
  staff_role_change: { member: 'sara@example.com' },
  staff_suspend: { member: 'sara@example.com' },
  staff_restore: { member: 'sara@example.com' },
};

describe("the audit log's words", () => {
  it('names orders as the shop numbers them, amounts as money and statuses by name', () => {
    const { result } = renderHook(() => useAuditWords());
    const say = result.current;
    expect(say(entry('order_placed', { orderId: ORDER, bill: 5844.8, paymentMethod: 'cash', items: 1 }))).toBe(
      'Placed order #ABCDEF12: EGP\u00a05,844.80, Cash on delivery',
    );
    expect(
      say(entry('order_status', { orderId: ORDER, from: 'confirmed', to: 'cancelled', reason: 'Out of town' })),
    ).toBe('Moved order #ABCDEF12 from Confirmed to Cancelled: Out of town');
    expect(say(entry('order_refunded', { orderId: ORDER, from: 'paid', to: 'cancelled', amount: 250 }))).toBe(
      'Refunded EGP\u00a0250 of order #ABCDEF12, which went from Paid to Cancelled',
    );
    expect(say(entry('product_update', { id: 'p1', name: 'Cotton Tee' }))).toBe('Updated product Cotton Tee');
    expect(say(entry('sale_ended', { id: 'p1', name: 'Cotton Tee', lastDay: '2026-12-10' }))).toBe(
      'The sale on Cotton Tee ended after its last day, Dec 10, 2026: its prices before the sale are back',
    );
  });

  it("keeps the API's sentence for an action it cannot say, or an entry whose data lacks a value", () => {
    const { result } = renderHook(() => useAuditWords());
    expect(result.current(entry('something_new', { orderId: ORDER }))).toBe("the API's words for something_new");
    expect(result.current(entry('order_placed', { orderId: ORDER }))).toBe("the API's words for order_placed");
    expect(result.current(entry('order_status', null))).toBe("the API's words for order_status");
  });

  it('reads in Arabic for an Arabic reader, each value isolated (U+2068…U+2069)', async () => {
    await act(() => changeLanguage('ar'));
    const { result } = renderHook(() => useAuditWords());
    expect(result.current(entry('order_placed', { orderId: ORDER, bill: 530, paymentMethod: 'cash' }))).toBe(
      'قدّم الطلب \u2068#ABCDEF12\u2069: \u2068\u200f530\u00a0ج.م.\u200f\u2069، \u2068الدفع عند الاستلام\u2069',
    );
    // A Latin e-mail, a name and a number at an Arabic sentence's edge are set apart, so the Arabic keeps its order.
    const failed = { ...entry('login_failed', {}), userEmail: 'mariam@example.com' };
    expect(result.current(failed)).toBe('فشل تسجيل الدخول بالبريد \u2068mariam@example.com\u2069');
    expect(result.current(entry('product_create', { name: 'Cotton Tee (M)' }))).toBe(
      'أنشأ المنتج \u2068Cotton Tee (M)\u2069',
    );
    expect(result.current(entry('product_import_check', { rows: 12 }))).toBe(
      'فحص استيراد منتجات (عدد الصفوف: \u206812\u2069)',
    );
    expect(result.current(entry('login', {}))).toBe('سجّل الدخول');
  });

  it("says a cash order's confirmation, answered or timed out, in the reader's language", async () => {
    const english = renderHook(() => useAuditWords()).result.current;
    expect(english(entry('order_confirmation_answered', { orderId: ORDER, answer: 'confirm', by: 'link' }))).toBe(
      'Confirmed order #ABCDEF12 by the link in its message',
    );
    expect(english(entry('order_confirmation_answered', { orderId: ORDER, answer: 'cancel', by: 'whatsapp' }))).toBe(
      'Cancelled order #ABCDEF12 on WhatsApp',
    );
    expect(english(entry('order_confirmation_timeout', { orderId: ORDER, onTimeout: 'queue' }))).toBe(
      "Cash order #ABCDEF12 was not confirmed in time: it waits for the agents' call",
    );
    await act(() => changeLanguage('ar'));
    const arabic = renderHook(() => useAuditWords()).result.current;
    expect(arabic(entry('order_confirmation_answered', { orderId: ORDER, answer: 'confirm', by: 'orders' }))).toBe(
      'أكّد الطلب \u2068#ABCDEF12\u2069 \u2068من صفحة طلباته\u2069',
    );
    expect(arabic(entry('order_confirmation_timeout', { orderId: ORDER, onTimeout: 'cancel' }))).toBe(
      'أُلغي طلب الدفع عند الاستلام \u2068#ABCDEF12\u2069: لم يُؤكَّد في الوقت المحدد',
    );
    // A channel or an outcome the app does not know yet keeps the API's sentence.
    expect(arabic(entry('order_confirmation_answered', { orderId: ORDER, answer: 'confirm', by: 'pigeon' }))).toBe(
      "the API's words for order_confirmation_answered",
    );
  });

  it('has words of its own in both languages for every action the API writes', async () => {
    const said = (say: (e: AuditLogEntry) => string) =>
      AUDIT_ACTIONS.filter((action) => {
        const written = { ...entry(action, WRITTEN[action]), userEmail: 'mariam@example.com' };
        return say(written) === written.message;
      });
    expect(said(renderHook(() => useAuditWords()).result.current)).toEqual([]);
    await act(() => changeLanguage('ar'));
    expect(said(renderHook(() => useAuditWords()).result.current)).toEqual([]);
  });

  it('says the delivery fees paid online, a refund at the provider and a call recorded', async () => {
    const english = renderHook(() => useAuditWords()).result.current;
    expect(english(entry('deposit_paid', { orderId: ORDER, amount: 60 }))).toBe(
      'The delivery fees of cash order #ABCDEF12 were paid online (EGP\u00a060): the rest is due at the door',
    );
    // A refund whose amount the provider did not say (0) is a part of the payment, not EGP 0.
    expect(english(entry('payment_refunded', { orderId: ORDER, amount: 0 }))).toBe(
      'Part of the payment of order #ABCDEF12 was given back',
    );
    expect(english(entry('confirmation_outcome', { orderId: ORDER, outcome: 'wrong_number', attempts: 2 }))).toBe(
      'Recorded the call about order #ABCDEF12: Wrong number',
    );
    await act(() => changeLanguage('ar'));
    const arabic = renderHook(() => useAuditWords()).result.current;
    expect(arabic(entry('staff_invite_withdraw', { to: 'sara@example.com' }))).toBe(
      'سحب دعوة \u2068sara@example.com\u2069 إلى فريق العمل',
    );
    expect(arabic(entry('seed_demo', { products: 40, categories: 8 }))).toBe(
      'أُضيف كتالوج العرض التجريبي (المنتجات: \u206840\u2069، الفئات: \u20688\u2069)',
    );
  });

  it('says how delivery fees were given back by hand, and a deposit given back at the provider as before', async () => {
    const byHand = (paidBackBy: string) => entry('deposit_refunded', { orderId: ORDER, amount: 30, paidBackBy });
    // A cancelled order's deposit given back at the provider, and an older entry, name no way.
    const atProvider = entry('deposit_refunded', { orderId: ORDER, amount: 30, refund: 'refunded' });
    const english = renderHook(() => useAuditWords()).result.current;
    expect(english(byHand('bank transfer'))).toBe(
      'The delivery fees paid online for order #ABCDEF12 (EGP\u00a030) were recorded as given back by hand: Bank transfer',
    );
    // Words of the admin's own (the API takes any) are said as written.
    expect(english(byHand('Vodafone Cash to 0100'))).toBe(
      'The delivery fees paid online for order #ABCDEF12 (EGP\u00a030) were recorded as given back by hand: Vodafone Cash to 0100',
    );
    expect(english(atProvider)).toBe('The delivery fees paid online for order #ABCDEF12 (EGP\u00a030) were given back');
    await act(() => changeLanguage('ar'));
    const arabic = renderHook(() => useAuditWords()).result.current;
    expect(arabic(byHand('cash'))).toBe(
      'سُجّل ردّ رسوم التوصيل المدفوعة أونلاين للطلب \u2068#ABCDEF12\u2069 (\u2068\u200f30\u00a0ج.م.\u200f\u2069) يدويًا: \u2068نقدًا\u2069',
    );
    expect(arabic(atProvider)).toBe(
      'رُدّت رسوم التوصيل المدفوعة أونلاين للطلب \u2068#ABCDEF12\u2069 (\u2068\u200f30\u00a0ج.م.\u200f\u2069)',
    );
  });

  it('says what a refund at the provider did to the order when it finalised it', async () => {
    const english = renderHook(() => useAuditWords()).result.current;
    expect(english(entry('payment_refunded', { orderId: ORDER, amount: 530, cancelled: true }))).toBe(
      'The payment of order #ABCDEF12 was given back: EGP\u00a0530; the order was cancelled and its stock returned',
    );
    expect(english(entry('payment_refunded', { orderId: ORDER, amount: 0, refunded: true }))).toBe(
      'Part of the payment of order #ABCDEF12 was given back; the order was marked refunded',
    );
    expect(english(entry('payment_voided', { orderId: ORDER, amount: 530, cancelled: true }))).toBe(
      'The payment of order #ABCDEF12 was voided: EGP\u00a0530; the order was cancelled and its stock returned',
    );
    // A refund that left the order as it was says nothing more.
    expect(english(entry('payment_refunded', { orderId: ORDER, amount: 100 }))).toBe(
      'The payment of order #ABCDEF12 was given back: EGP\u00a0100',
    );
    await act(() => changeLanguage('ar'));
    const arabic = renderHook(() => useAuditWords()).result.current;
    expect(arabic(entry('payment_refunded', { orderId: ORDER, amount: 530, cancelled: true }))).toBe(
      'رُدّت دفعة الطلب \u2068#ABCDEF12\u2069: \u2068\u200f530\u00a0ج.م.\u200f\u2069، وأُلغي الطلب وعادت منتجاته إلى المخزون',
    );
    expect(arabic(entry('payment_refunded', { orderId: ORDER, amount: 0, refunded: true }))).toBe(
      'رُدّ جزء من دفعة الطلب \u2068#ABCDEF12\u2069، وتحوّلت حالة الطلب إلى «تم رد المبلغ»',
    );
  });

  it("reads an older entry, written before its data held a value, shorter and in the reader's language", async () => {
    /** Data as older versions of the API wrote it, with the sentence each reads as in English and in Arabic. */
    const older: [AuditAction, Record<string, unknown> | null, string, string][] = [
      [
        'intent_created',
        { orderId: ORDER, intentId: 'pi_1', amount: 530 },
        'Started paying order #ABCDEF12: EGP\u00a0530',
        'بدأ دفع الطلب \u2068#ABCDEF12\u2069: \u2068\u200f530\u00a0ج.م.\u200f\u2069',
      ],
      [
        'payment_failed',
        { orderId: ORDER, amount: 530 },
        'The payment of order #ABCDEF12 failed',
        'فشل دفع الطلب \u2068#ABCDEF12\u2069',
      ],
      [
        'product_variants',
        { id: 'p1', options: ['Size'], variants: 3 },
        'Set the variants of a product',
        'ضبط أنواع أحد المنتجات',
      ],
      ['review_delete', { id: 'r1', productId: 'p1', authorId: 'u1' }, 'Deleted a review', 'حذف مراجعة'],
      ['coupon_pause', { id: 'c1' }, 'Paused a coupon', 'أوقف كوبونًا'],
      ['coupon_resume', { id: 'c1' }, 'Resumed a coupon', 'أعاد تفعيل كوبون'],
      [
        'staff_role_change',
        { userId: 'u1', from: 'packer', to: 'agent' },
        'Changed the role of a staff member',
        'غيّر دور أحد أعضاء فريق العمل',
      ],
      ['staff_suspend', { userId: 'u1' }, 'Suspended a staff member', 'أوقف حساب أحد أعضاء فريق العمل'],
      ['staff_restore', { userId: 'u1' }, 'Restored a staff member', 'أعاد تفعيل حساب أحد أعضاء فريق العمل'],
      ['phone_proven', null, 'Proved their mobile number with a code', 'أكّد رقم هاتفه برمز تحقق'],
      ['customer_created', { customerId: 'u1', source: 'phone' }, 'Made an account for a customer', 'أنشأ حسابًا لعميل'],
      [
        'customer_signed_out',
        { userId: 'u1' },
        'Signed a customer out on every device',
        'سجّل خروج أحد العملاء من كل أجهزته',
      ],
      [
        'eta_product_code',
        { itemType: 'EGS', itemCode: 'EG-1-2' },
        'Set the e-receipt code of a product',
        'ضبط رمز الإيصال الإلكتروني لأحد المنتجات',
      ],
      ['category_image', { id: 'c1', image: 'a.webp' }, 'Changed the image of a category', 'غيّر صورة إحدى الفئات'],
      ['seed_demo', null, 'The demo catalogue was seeded', 'أُضيف كتالوج العرض التجريبي'],
    ];
    const english = renderHook(() => useAuditWords()).result.current;
    expect(older.map(([action, data]) => english(entry(action, data)))).toEqual(older.map(([, , en]) => en));
    await act(() => changeLanguage('ar'));
    const arabic = renderHook(() => useAuditWords()).result.current;
    expect(older.map(([action, data]) => arabic(entry(action, data)))).toEqual(older.map(([, , , ar]) => ar));
  });
});
