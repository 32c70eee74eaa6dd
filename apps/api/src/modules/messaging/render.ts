import { languageOf, orderRef, WEB_PATHS, type Order } from '@shop/contracts';
import { referenceLines, renderOrderMail } from './email/templates/render.js';
import { ORDER_MAIL_KINDS, type OrderMailKind } from './order-messages.js';
import type { Channel, Outgoing } from './provider.js';
import type { QueuedMessage } from './queue.js';
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
function orderTemplate(kind: OrderMailKind, message: QueuedMessage, order: Order, publicUrl: string): Filled {
  if (kind === 'pay_reference')
    return {
      template: TEMPLATES.order_pay_reference,
      values: [`#${orderRef(order._id)}`, ...referenceLines(message.payload ?? {}, languageOf(message.language))],
    };
  const link = (kind === 'shipped' && order.trackingUrl) || `${publicUrl}${WEB_PATHS.orders}`;
  return { template: TEMPLATES[`order_${kind}`], values: [`#${orderRef(order._id)}`, link] };
}

function filled(message: QueuedMessage, order: Order | undefined, publicUrl: string): Filled {
  if (message.kind === SIGN_IN_CODE) {
    const code = message.payload?.code;
    if (!code) throw new Error('sign-in code message without its code');
    return { template: TEMPLATES.sign_in_code, values: [code], copyCode: code };
  }
  if (!isOrderKind(message.kind)) throw new Error(`cannot render a '${message.kind}' message`);
  if (!order) throw new Error(`order ${message.orderId} not found`);
  return orderTemplate(message.kind, message, order, publicUrl);
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
    return { to: message.to, ...renderOrderMail(message.kind, order, language, publicUrl, message.payload) };
  }
  const { template, values, copyCode } = filled(message, order, publicUrl);
  if (channel === 'sms') return { to: message.to, text: fillTemplate(template, language, values), reference };
  return {
    to: message.to,
    reference,
    template: { name: template.name, language, parameters: values, buttonPayloads: [] },
    ...(copyCode ? { copyCode } : {}),
  };
}
