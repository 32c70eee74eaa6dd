import type { Language } from '@shop/contracts';

/**
 * Every text the shop sends by SMS or WhatsApp, in one place: WhatsApp lets a business start a conversation only
 * with templates Meta approved, so the merchant submits these (name, category, each language's text, buttons) in
 * WhatsApp Manager as they stand here, and an SMS says the same words. `{{1}}`, `{{2}}`, … are the parameters, in
 * the order `parameters` names them. Short on purpose: an SMS of at most 70 Arabic or 160 Latin characters is one
 * segment (sms/encoding.ts), so the Arabic texts leave room for an order's reference and link (its Arabic address,
 * behind /ar).
 */
export interface ShopTemplate {
  /** Its name at Meta: lower case and underscores. */
  name: string;
  category: 'AUTHENTICATION' | 'UTILITY' | 'MARKETING';
  text: Record<Language, string>;
  parameters: readonly string[];
  /** Quick replies carry a payload naming what they answer; a copy-code button copies the sign-in code. */
  buttons: readonly { type: 'QUICK_REPLY' | 'COPY_CODE'; text: Record<Language, string> }[];
}

const orderTemplate = (name: string, en: string, ar: string): ShopTemplate => ({
  name,
  category: 'UTILITY',
  text: { en, ar },
  parameters: ['order reference (#1A2B3C4D)', 'link to the order'],
  buttons: [],
});

/** A sale's message once its e-receipt is issued (modules/receipts): the link opens the invoice, with its QR code. */
const receiptTemplate = (name: string, en: string, ar: string): ShopTemplate => ({
  ...orderTemplate(name, en, ar),
  parameters: ['order reference (#1A2B3C4D)', "link to the order's invoice"],
});

/** A cash order's request to be confirmed: the link for SMS, and for WhatsApp the buttons Confirm, then Cancel. */
const confirmTemplate = (name: string, en: string, ar: string): ShopTemplate => ({
  name,
  category: 'UTILITY',
  text: { en, ar },
  parameters: ['order reference (#1A2B3C4D)', 'confirmation link'],
  buttons: [
    { type: 'QUICK_REPLY', text: { en: 'Confirm', ar: 'تأكيد' } },
    { type: 'QUICK_REPLY', text: { en: 'Cancel', ar: 'إلغاء' } },
  ],
});

export const TEMPLATES = {
  sign_in_code: {
    name: 'sign_in_code',
    category: 'AUTHENTICATION',
    text: {
      en: '{{1}} is your EGP Shop code. It expires in 5 minutes; do not share it.',
      ar: '{{1}} هو رمز الدخول إلى EGP Shop، صالح 5 دقائق. لا تشاركه.',
    },
    parameters: ['the 6-digit code'],
    buttons: [{ type: 'COPY_CODE', text: { en: 'Copy code', ar: 'نسخ الرمز' } }],
  },
  order_placed: orderTemplate(
    'order_placed',
    'EGP Shop: we received your order {{1}}; it awaits your payment. {{2}}',
    'EGP Shop: طلبك {{1}} ينتظر الدفع. {{2}}',
  ),
  staff_invitation: {
    name: 'staff_invitation',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: you are invited to join the shop staff. Accept within 7 days: {{1}}',
      ar: 'EGP Shop: دعوة للانضمام إلى فريق المتجر، صالحة 7 أيام: {{1}}',
    },
    parameters: ['the invitation link'],
    buttons: [],
  },
  order_confirmed: orderTemplate(
    'order_confirmed',
    'EGP Shop: your order {{1}} is confirmed. {{2}}',
    'EGP Shop: تم تأكيد طلبك {{1}}. {{2}}',
  ),
  order_paid: orderTemplate(
    'order_paid',
    'EGP Shop: payment received for order {{1}}. {{2}}',
    'EGP Shop: تم دفع طلبك {{1}}. {{2}}',
  ),
  order_paid_receipt: receiptTemplate(
    'order_paid_receipt',
    'EGP Shop: payment received for order {{1}}. Your e-receipt: {{2}}',
    'EGP Shop: تم دفع طلبك {{1}}. إيصالك الإلكتروني: {{2}}',
  ),
  order_shipped: orderTemplate(
    'order_shipped',
    'EGP Shop: your order {{1}} is on its way. Track it: {{2}}',
    'EGP Shop: طلبك {{1}} في الطريق: {{2}}',
  ),
  order_delivered: orderTemplate(
    'order_delivered',
    'EGP Shop: your order {{1}} was delivered. {{2}}',
    'EGP Shop: تم توصيل طلبك {{1}}. {{2}}',
  ),
  order_delivered_receipt: receiptTemplate(
    'order_delivered_receipt',
    'EGP Shop: your order {{1}} was delivered. Your e-receipt: {{2}}',
    'EGP Shop: تم توصيل طلبك {{1}}. إيصالك الإلكتروني: {{2}}',
  ),
  order_cancelled: orderTemplate(
    'order_cancelled',
    'EGP Shop: your order {{1}} was cancelled. {{2}}',
    'EGP Shop: تم إلغاء طلبك {{1}}. {{2}}',
  ),
  order_return_accepted: orderTemplate(
    'order_return_accepted',
    'EGP Shop: your return of order {{1}} was accepted. {{2}}',
    'EGP Shop: قبلنا إرجاع الطلب {{1}}. {{2}}',
  ),
  order_return_refused: orderTemplate(
    'order_return_refused',
    'EGP Shop: your return of order {{1}} was refused. {{2}}',
    'EGP Shop: رفضنا إرجاع الطلب {{1}}. {{2}}',
  ),
  order_pay_reference: {
    name: 'order_pay_reference',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: pay {{3}} for order {{1}} at any Fawry outlet with reference {{2}} by {{4}}.',
      ar: 'EGP Shop: ادفع {{3}} للطلب {{1}} في أي منفذ فوري بالرقم {{2}} قبل {{4}}.',
    },
    parameters: ['order reference (#1A2B3C4D)', 'Fawry reference number', 'amount to pay', 'pay by (Cairo time)'],
    buttons: [],
  },
  // An order taken by phone (or chat) to be paid online: the customer pays it on the shop's payment page.
  order_pay_link: orderTemplate(
    'order_pay_link',
    'EGP Shop: pay for your order {{1}} here: {{2}}',
    'EGP Shop: ادفع طلبك {{1}} من هنا: {{2}}',
  ),
  // A cash order's request to be confirmed, and its reminder: the buttons answer by WhatsApp, the link by SMS.
  order_confirm_request: confirmTemplate(
    'order_confirm_request',
    'EGP Shop: confirm or cancel your cash order {{1}}: {{2}}',
    'EGP Shop: أكّد طلبك {{1}} أو ألغه: {{2}}',
  ),
  order_confirm_reminder: confirmTemplate(
    'order_confirm_reminder',
    'EGP Shop: your order {{1}} still awaits your confirmation: {{2}}',
    'EGP Shop: طلبك {{1}} بانتظار تأكيدك: {{2}}',
  ),
  // The courier took the parcel out for delivery today (its callback): paid, or with the cash to have ready.
  order_out_for_delivery: {
    name: 'order_out_for_delivery',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: your order {{1}} is out for delivery today. Track it: {{2}}',
      ar: 'EGP Shop: طلبك {{1}} خرج للتوصيل: {{2}}',
    },
    parameters: ['order reference (#1A2B3C4D)', 'link to the parcel'],
    buttons: [],
  },
  order_out_for_delivery_cash: {
    name: 'order_out_for_delivery_cash',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: order {{1}} is out for delivery today; please have {{2}} ready in cash: {{3}}',
      ar: 'EGP Shop: طلبك {{1}} خرج للتوصيل، جهّز {{2}} نقدًا: {{3}}',
    },
    parameters: ['order reference (#1A2B3C4D)', 'amount to pay at the door', 'link to the parcel'],
    buttons: [],
  },
  order_refunded: orderTemplate(
    'order_refunded',
    'EGP Shop: order {{1}} was refunded. {{2}}',
    'EGP Shop: تم رد مبلغ الطلب {{1}}. {{2}}',
  ),
  // Marketing at Meta: sent only to shoppers who agreed, and its button (or replying STOP) opts out.
  cart_reminder: {
    name: 'cart_reminder',
    category: 'MARKETING',
    text: {
      en: 'EGP Shop: your cart is waiting for you: {{1}} To stop these reminders: {{2}}',
      ar: 'EGP Shop: سلتك بانتظارك: {{1}} لإيقاف التذكير: {{2}}',
    },
    parameters: ['link to the cart', 'opt-out link'],
    buttons: [{ type: 'QUICK_REPLY', text: { en: 'Stop reminders', ar: 'إيقاف التذكير' } }],
  },
  // "Notify me when it's back": asked for by the shopper, once; marketing at Meta all the same (it invites a purchase),
  // so its button (or replying STOP) stops marketing by WhatsApp, as the reminder's does.
  back_in_stock: {
    name: 'back_in_stock',
    category: 'MARKETING',
    text: {
      en: 'EGP Shop: {{1}} is back in stock: {{2}}',
      ar: 'EGP Shop: {{1}} متوفر من جديد: {{2}}',
    },
    parameters: ['the product (and variant) asked for', 'link to its page'],
    buttons: [{ type: 'QUICK_REPLY', text: { en: 'Stop offers', ar: 'إيقاف العروض' } }],
  },
  // The shop answered the shopper's review (reviews/answer-message.ts): news of their own words, so a utility.
  review_answered: {
    name: 'review_answered',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop answered your review of {{1}}: {{2}}',
      ar: 'EGP Shop: رد المتجر على مراجعتك لمنتج {{1}}: {{2}}',
    },
    parameters: ['the product reviewed', 'link to its page'],
    buttons: [],
  },
  // The answer to a back-in-stock request whose variant the shop stopped selling (back-in-stock/gone-variants.ts): news
  // of something the shopper asked about, offering nothing, so a utility.
  back_in_stock_withdrawn: {
    name: 'back_in_stock_withdrawn',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: {{1}} is no longer sold. See its other options: {{2}}',
      ar: 'EGP Shop: {{1}} لم يعد يُباع، شاهد غيره: {{2}}',
    },
    parameters: ['the product and variant asked for', 'link to the product page'],
    buttons: [],
  },
  // The refund of a cancelled or refunded order, with what was given back and how it reaches the shopper.
  order_refund: {
    name: 'order_refund',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: we refunded {{2}} for order {{1}}. {{3}} {{4}}',
      ar: 'EGP Shop: رددنا {{2}} للطلب {{1}}. {{3}} {{4}}',
    },
    parameters: [
      'order reference (#1A2B3C4D)',
      'the amount refunded',
      'how it reaches the shopper',
      'link to the order',
    ],
    buttons: [],
  },
  // Alerts a staff member asked for (staff/alerts.ts), sent to the member alone: utilities, with a link to the
  // dashboard's page of what they tell of.
  staff_new_order: {
    name: 'staff_new_order',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: new order {{1}} of {{2}}, {{3}}: {{4}}',
      ar: 'EGP Shop: طلب جديد {{1}} بقيمة {{2}}، {{3}}: {{4}}',
    },
    parameters: ['order reference (#1A2B3C4D)', 'the bill', 'how it is paid', "link to the order's page"],
    buttons: [],
  },
  staff_return_requested: {
    name: 'staff_return_requested',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: the customer asks to return order {{1}}: {{2}}',
      ar: 'EGP Shop: العميل يطلب إرجاع الطلب {{1}}: {{2}}',
    },
    parameters: ['order reference (#1A2B3C4D)', "link to the order's page"],
    buttons: [],
  },
  staff_low_stock: {
    name: 'staff_low_stock',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop: stock is running low: {{1}}. See them: {{2}}',
      ar: 'EGP Shop: المخزون ينفد: {{1}}. راجعها: {{2}}',
    },
    parameters: ['the products and what is left of each', 'link to the products low in stock'],
    buttons: [],
  },
  staff_low_review: {
    name: 'staff_low_review',
    category: 'UTILITY',
    text: {
      // Straight quotes: curly ones are not in the SMS alphabet, and would make every English alert unicode.
      en: 'EGP Shop: a review of {{1}} gives {{2}}: "{{3}}". Answer it: {{4}}',
      ar: 'EGP Shop: مراجعة لـ{{1}} تعطيه {{2}}: «{{3}}». رُدّ عليها: {{4}}',
    },
    parameters: [
      'the product',
      'its stars, in words',
      "the review's title",
      'link to the reviews waiting for an answer',
    ],
    buttons: [],
  },
  staff_daily_summary: {
    name: 'staff_daily_summary',
    category: 'UTILITY',
    text: {
      en: 'EGP Shop, {{1}}: {{2}}. Waiting: {{3}}. {{4}}',
      ar: 'EGP Shop، {{1}}: {{2}}، وينتظر: {{3}}. {{4}}',
    },
    parameters: ['the day before, by name', 'its sales', 'what waits for the staff, counted', 'link to the overview'],
    buttons: [],
  },
} as const satisfies Record<string, ShopTemplate>;

/** A template's text in `language` with its parameters in place: what an SMS says. */
export function fillTemplate(template: ShopTemplate, language: Language, values: readonly string[]): string {
  return template.text[language].replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');
}
