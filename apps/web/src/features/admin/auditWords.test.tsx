import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import type { AuditLogEntry } from './api/adminApi';
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
  userName: null,
  userRole: null,
  createdAt: '2025-03-05T10:00:00.000Z',
});

afterEach(() => act(() => changeLanguage('en')));

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
    expect(result.current(failed)).toBe('فشل تسجيل الدخول باسم \u2068mariam@example.com\u2069');
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
});
