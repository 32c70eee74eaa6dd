import {
  formatPrice,
  intlLocale,
  orderRef,
  pathIn,
  WEB_PATTERNS,
  type Language,
  type Order,
  type StaffAlert,
} from '@shop/contracts';
import { TEMPLATES } from '../messaging/templates.js';

const WORDS = {
  en: {
    paid: { cash: 'cash on delivery', visa: 'paid online' },
    subject: {
      new_order: (ref: string) => `New order ${ref}`,
      return_requested: (ref: string) => `Return requested: ${ref}`,
    },
  },
  ar: {
    paid: { cash: 'الدفع عند الاستلام', visa: 'مدفوع أونلاين' },
    // Isolated: the Latin reference keeps its place in the right-to-left subject.
    subject: {
      new_order: (ref: string) => `طلب جديد \u2066${ref}\u2069`,
      return_requested: (ref: string) => `طلب إرجاع \u2066${ref}\u2069`,
    },
  },
} satisfies Record<Language, unknown>;

/**
 * A staff alert about an order, in the member's language: its template (an SMS says its text, an e-mail too, under
 * the subject) and values, with a link to the order's page on the dashboard.
 */
export function staffAlertMessage(alert: StaffAlert, order: Order, language: Language, publicUrl: string) {
  const ref = `#${orderRef(order._id)}`;
  const link = `${publicUrl}${pathIn(WEB_PATTERNS.dashOrder.replace(':id', order._id), language)}`;
  const words = WORDS[language];
  const subject = words.subject[alert](ref);
  if (alert === 'return_requested') return { template: TEMPLATES.staff_return_requested, values: [ref, link], subject };
  const bill = formatPrice(order.bill, intlLocale(language));
  return { template: TEMPLATES.staff_new_order, values: [ref, bill, words.paid[order.paymentMethod], link], subject };
}
