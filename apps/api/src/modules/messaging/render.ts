import { languageOf, orderRef, WEB_PATHS, type Language, type Order } from '@shop/contracts';
import { renderOrderMail } from './email/templates/render.js';
import { ORDER_MAIL_KINDS, type OrderMailKind } from './order-messages.js';
import type { Channel, Outgoing } from './provider.js';
import type { QueuedMessage } from './queue.js';
import { refundWords } from './refund-words.js';
import { fillTemplate, TEMPLATES, type ShopTemplate } from './templates.js';

export const SIGN_IN_CODE = 'sign_in_code';

const isOrderKind = (kind: string): kind is OrderMailKind => (ORDER_MAIL_KINDS as readonly string[]).includes(kind);

/** A template message: its template, and the values of its parameters. */
interface Filled {
  template: ShopTemplate;
  values: string[];
  copyCode?: string;
}

/** An order's SMS or WhatsApp message: its reference, and a link to the shopper's orders (the parcel's, once shipped). */
function orderTemplate(kind: OrderMailKind, order: Order, language: Language, publicUrl: string): Filled {
  const link = (kind === 'shipped' && order.trackingUrl) || `${publicUrl}${WEB_PATHS.orders}`;
  const ref = `#${orderRef(order._id)}`;
  // A cancelled paid order and a refunded one say what came back rather than only that it did.
  if (order.refund && (kind === 'cancelled' || kind === 'refunded')) {
    const { amount, way } = refundWords(order.refund, order.bill, language);
    return { template: TEMPLATES.order_refund, values: [ref, amount, way, link] };
  }
  return { template: TEMPLATES[`order_${kind}`], values: [ref, link] };
}

function filled(message: QueuedMessage, order: Order | undefined, language: Language, publicUrl: string): Filled {
  if (message.kind === SIGN_IN_CODE) {
    const code = message.payload?.code;
    if (!code) throw new Error('sign-in code message without its code');
    return { template: TEMPLATES.sign_in_code, values: [code], copyCode: code };
  }
  if (!isOrderKind(message.kind)) throw new Error(`cannot render a '${message.kind}' message`);
  if (!order) throw new Error(`order ${message.orderId} not found`);
  return orderTemplate(message.kind, order, language, publicUrl);
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
  if (channel === 'email') {
    if (!isOrderKind(message.kind)) throw new Error(`cannot render a '${message.kind}' mail`);
    if (!order) throw new Error(`order ${message.orderId} not found`);
    return { to: message.to, ...renderOrderMail(message.kind, order, language, publicUrl) };
  }
  const { template, values, copyCode } = filled(message, order, language, publicUrl);
  if (channel === 'sms') return { to: message.to, text: fillTemplate(template, language, values), reference };
  return {
    to: message.to,
    reference,
    template: { name: template.name, language, parameters: values, buttonPayloads: [] },
    ...(copyCode ? { copyCode } : {}),
  };
}
