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
      'Placed order \u2068#ABCDEF12\u2069: \u2068EGP\u00a05,844.80\u2069, \u2068Cash on delivery\u2069',
    );
    expect(
      say(entry('order_status', { orderId: ORDER, from: 'confirmed', to: 'cancelled', reason: 'Out of town' })),
    ).toBe(
      'Moved order \u2068#ABCDEF12\u2069 from \u2068Confirmed\u2069 to \u2068Cancelled\u2069: \u2068Out of town\u2069',
    );
    expect(say(entry('order_refunded', { orderId: ORDER, from: 'paid', to: 'cancelled', amount: 250 }))).toBe(
      'Refunded \u2068EGP\u00a0250\u2069 of order \u2068#ABCDEF12\u2069, which went from \u2068Paid\u2069 to \u2068Cancelled\u2069',
    );
    expect(say(entry('product_update', { id: 'p1', name: 'Cotton Tee' }))).toBe(
      'Updated product \u2068Cotton Tee\u2069',
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
    expect(result.current(failed)).toBe('فشل تسجيل الدخول باسم \u2068mariam@example.com\u2069');
    expect(result.current(entry('product_create', { name: 'Cotton Tee (M)' }))).toBe(
      'أنشأ المنتج \u2068Cotton Tee (M)\u2069',
    );
    expect(result.current(entry('product_import_check', { rows: 12 }))).toBe(
      'فحص استيراد منتجات (عدد الصفوف: \u206812\u2069)',
    );
    expect(result.current(entry('login', {}))).toBe('سجّل الدخول');
  });
});
