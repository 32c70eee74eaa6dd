import {
  formatPrice,
  intlLocale,
  inviteMail,
  languageOf,
  orderRef,
  pathIn,
  WEB_PATHS,
  WEB_PATTERNS,
  type Language,
  type Order,
} from '@shop/contracts';
import { CART_REMINDER, STOP_PAYLOAD } from './cart-reminders.js';
import { answerPayload } from '../confirmations/payload.js';
import {
  BACK_IN_STOCK_SUBJECT,
  BACK_IN_STOCK_WITHDRAWN_SUBJECT,
  CART_REMINDER_SUBJECT,
  REVIEW_ANSWERED_SUBJECT,
} from './email/templates/texts.js';
import { alertLink, BACK_IN_STOCK, productPageLink } from '../back-in-stock/alerts.js';
import { REVIEW_ANSWERED } from '../reviews/answer-message.js';
import { BACK_IN_STOCK_WITHDRAWN } from '../back-in-stock/gone-variants.js';
import { payLinkOf, referenceLines, renderOrderMail } from './email/templates/render.js';
import { ORDER_MAIL_KINDS, tellsOfParcel, type OrderMailKind } from './order-messages.js';
import type { Channel, Outgoing } from './provider.js';
import type { QueuedMessage } from './queue.js';
import { refundWords } from './refund-words.js';
import { fillTemplate, TEMPLATES, type ShopTemplate } from './templates.js';
import { alertOfKind } from '../staff/alerts.js';
import { isWordedAlert, staffAlertMessage, wordedAlertMessage } from '../staff/alert-message.js';
import { smsText } from './sms/encoding.js';

export const SIGN_IN_CODE = 'sign_in_code';
/** An invitation to the staff: its payload holds the acceptance link (dropped once sent, as a code is). */
export const STAFF_INVITATION = 'staff_invitation';

const payloadOf = (message: QueuedMessage, key: string): string => {
  const value = message.payload?.[key];
  if (!value) throw new Error(`${message.kind} message without its ${key}`);
  return value;
};

/** A cart reminder, the back-in-stock messages and a review's answer by e-mail say what their SMS says, so titled. */
const PLAIN_MAIL_SUBJECTS: Partial<Record<string, Record<Language, string>>> = {
  [CART_REMINDER]: CART_REMINDER_SUBJECT,
  [BACK_IN_STOCK]: BACK_IN_STOCK_SUBJECT,
  [BACK_IN_STOCK_WITHDRAWN]: BACK_IN_STOCK_WITHDRAWN_SUBJECT,
  [REVIEW_ANSWERED]: REVIEW_ANSWERED_SUBJECT,
};

const isOrderKind = (kind: string): kind is OrderMailKind => (ORDER_MAIL_KINDS as readonly string[]).includes(kind);

/** The order a message tells of, read with its batch (sender.ts); one gone since it was queued fails the message. */
function orderOf(message: QueuedMessage, order: Order | undefined): Order {
  if (!order) throw new Error(`order ${message.orderId} not found`);
  return order;
}

/** A template message: its template, and the values of its parameters. */
interface Filled {
  template: ShopTemplate;
  values: string[];
  copyCode?: string;
  /** Its quick-reply buttons' payloads, in order. */
  buttonPayloads?: string[];
  /** Its e-mail's subject, when it has one of its own. */
  subject?: string;
}

/**
 * An order's SMS or WhatsApp message: its reference, and a link to the shopper's orders (the parcel's, once shipped
 * and on the day it comes; the e-receipt's, once issued).
 */
function orderTemplate(
  kind: OrderMailKind,
  message: QueuedMessage,
  order: Order,
  language: Language,
  publicUrl: string,
): Filled {
  if (kind === 'pay_reference')
    return {
      template: TEMPLATES.order_pay_reference,
      values: [`#${orderRef(order._id)}`, ...referenceLines(message.payload ?? {}, language)],
    };
  const ref = `#${orderRef(order._id)}`;
  if (kind === 'pay_link') return { template: TEMPLATES.order_pay_link, values: [ref, payLinkOf(publicUrl, language)] };
  if (kind === 'confirm_request' || kind === 'confirm_reminder')
    return {
      template: TEMPLATES[`order_${kind}`],
      values: [ref, payloadOf(message, 'confirm')],
      // In the template's order: Confirm, then Cancel.
      buttonPayloads: [answerPayload(order._id, 'confirm'), answerPayload(order._id, 'cancel')],
    };
  // The sale's e-receipt, issued with the move (a card order paid, a cash order delivered): the order's invoice shows
  // its QR code. Not the ETA's own link: over 150 characters, it would make an Arabic SMS four parts.
  if ((kind === 'paid' || kind === 'delivered') && order.etaReceipt)
    return {
      template: TEMPLATES[`order_${kind}_receipt`],
      values: [ref, `${publicUrl}${pathIn(WEB_PATTERNS.invoice.replace(':id', order._id), language)}`],
    };
  const link = (tellsOfParcel(kind) && order.trackingUrl) || `${publicUrl}${pathIn(WEB_PATHS.orders, language)}`;
  // The cash its courier collects, when there is any (courier/service.ts).
  const collect = kind === 'out_for_delivery' ? message.payload?.collect : undefined;
  if (collect)
    return {
      template: TEMPLATES.order_out_for_delivery_cash,
      values: [ref, formatPrice(Number(collect), intlLocale(language)), link],
    };
  // A cancelled paid order and a refunded one say what came back rather than only that it did.
  if (order.refund && (kind === 'cancelled' || kind === 'refunded')) {
    const { amount, way } = refundWords(order.refund, order.bill, language);
    return { template: TEMPLATES.order_refund, values: [ref, amount, way, link] };
  }
  return { template: TEMPLATES[`order_${kind}`], values: [ref, link] };
}

function filled(message: QueuedMessage, order: Order | undefined, language: Language, publicUrl: string): Filled {
  if (message.kind === SIGN_IN_CODE) {
    const code = payloadOf(message, 'code');
    return { template: TEMPLATES.sign_in_code, values: [code], copyCode: code };
  }
  if (message.kind === CART_REMINDER) {
    const { cart, optOut } = message.payload ?? {};
    if (!cart || !optOut) throw new Error('cart reminder without its links');
    return { template: TEMPLATES.cart_reminder, values: [cart, optOut], buttonPayloads: [STOP_PAYLOAD] };
  }
  if (message.kind === STAFF_INVITATION)
    return { template: TEMPLATES.staff_invitation, values: [payloadOf(message, 'url')] };
  if (message.kind === BACK_IN_STOCK)
    return {
      template: TEMPLATES.back_in_stock,
      values: [payloadOf(message, 'product'), payloadOf(message, 'link')],
      buttonPayloads: [STOP_PAYLOAD],
    };
  if (message.kind === BACK_IN_STOCK_WITHDRAWN)
    return {
      template: TEMPLATES.back_in_stock_withdrawn,
      values: [payloadOf(message, 'product'), alertLink(publicUrl, payloadOf(message, 'productId'), null, language)],
    };
  if (message.kind === REVIEW_ANSWERED)
    return {
      template: TEMPLATES.review_answered,
      values: [payloadOf(message, 'product'), productPageLink(publicUrl, payloadOf(message, 'productId'), language)],
    };
  const alert = alertOfKind(message.kind);
  // A low-stock alert and a daily summary were worded as they were queued, in the member's language.
  if (alert && isWordedAlert(alert)) return wordedAlertMessage(alert, (part) => payloadOf(message, part), language);
  if (alert) return staffAlertMessage(alert, orderOf(message, order), language, publicUrl);
  if (!isOrderKind(message.kind)) throw new Error(`cannot render a '${message.kind}' message`);
  return orderTemplate(message.kind, message, orderOf(message, order), language, publicUrl);
}

/** What the channel's provider is handed for a queued message, in the message's language. */
export function renderMessage<C extends Channel>(
  channel: C,
  message: QueuedMessage,
  order: Order | undefined,
  publicUrl: string,
): Outgoing[C];
export function renderMessage(
  channel: Channel,
  message: QueuedMessage,
  order: Order | undefined,
  publicUrl: string,
): Outgoing[Channel] {
  const language = languageOf(message.language);
  const reference = String(message.id);
  const plainSubject = PLAIN_MAIL_SUBJECTS[message.kind]?.[language];
  // An order's own e-mails are pages of their own; a staff alert's says what its SMS says, under its own subject.
  if (channel === 'email' && !plainSubject && !alertOfKind(message.kind)) {
    if (message.kind === STAFF_INVITATION)
      return { to: message.to, ...inviteMail(payloadOf(message, 'url'), language) };
    if (!isOrderKind(message.kind)) throw new Error(`cannot render a '${message.kind}' mail`);
    const mail = renderOrderMail(message.kind, orderOf(message, order), language, publicUrl, message.payload);
    return { to: message.to, ...mail };
  }
  const { template, values, copyCode, buttonPayloads = [], subject } = filled(message, order, language, publicUrl);
  const text = fillTemplate(template, language, values);
  if (channel === 'email') {
    const title = plainSubject ?? subject;
    if (!title) throw new Error(`a '${message.kind}' e-mail without a subject`);
    return { to: message.to, subject: title, text };
  }
  if (channel === 'sms') return { to: message.to, text: smsText(text), reference };
  return {
    to: message.to,
    reference,
    template: { name: template.name, language, parameters: values, buttonPayloads },
    ...(copyCode ? { copyCode } : {}),
  };
}
