import {
  formatPrice,
  intlLocale,
  orderRef,
  pathIn,
  shopReasonOf,
  variantValues,
  WEB_PATHS,
  type Language,
  type Order,
  type OrderLine,
  type OrderStatus,
} from '@shop/contracts';
import { escapeMarkup } from '../../../../lib/markup.js';
import { tellsOfParcel, type OrderMailKind } from '../../order-messages.js';
import { paidBackHow, refundWords } from '../../refund-words.js';
import { ORDER_MAIL_LEAD, ORDER_MAIL_SUBJECT, ORDER_MAIL_TEXT } from './texts.js';
import { ORDER_MAIL_LEAD_AR, ORDER_MAIL_SUBJECT_AR, ORDER_MAIL_TEXT_AR } from './texts.ar.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const TEXTS = {
  en: {
    subject: ORDER_MAIL_SUBJECT,
    lead: ORDER_MAIL_LEAD,
    words: ORDER_MAIL_TEXT,
    locale: intlLocale('en'),
    dir: 'ltr',
  },
  ar: {
    subject: ORDER_MAIL_SUBJECT_AR,
    lead: ORDER_MAIL_LEAD_AR,
    words: ORDER_MAIL_TEXT_AR,
    locale: intlLocale('ar'),
    dir: 'rtl',
  },
} as const;

/** The status whose history entry holds the reason a mail tells: the cancellation's, or the refusal's (delivered again). */
const REASON_OF: Partial<Record<OrderMailKind, OrderStatus>> = { cancelled: 'cancelled', return_refused: 'delivered' };

/**
 * The reason given with the latest move to the kind's status, when the kind tells one: a person's as they wrote it, the
 * shop's own in the mail's language.
 */
function reasonFor(kind: OrderMailKind, order: Order, language: Language): string | null {
  const status = REASON_OF[kind];
  const reason = status && order.statusHistory.filter((h) => h.status === status).at(-1)?.reason;
  if (!reason) return null;
  const shops = shopReasonOf(reason);
  if (!shops) return reason;
  const w = TEXTS[language].words;
  return shops.said === 'notConfirmed' ? w.notConfirmedInTime : w.paidBack(paidBackHow(shops.by, language));
}

/** A line's name with its variant's option values in the mail's language: "T-shirt (M, Red)". */
function withVariant(name: string, line: OrderLine, language: Language): string {
  return line.variant?.options.length ? `${name} (${variantValues(line.variant, language)})` : name;
}

/**
 * Where a customer pays an order a staff member placed for them: the storefront's payment page, which (once they
 * sign in with a code sent to their phone) resumes their order waiting for payment.
 */
export const payLinkOf = (publicUrl: string, language: Language) =>
  `${publicUrl.replace(/\/+$/, '')}${pathIn(WEB_PATHS.stripe, language)}`;

/**
 * A Fawry reference's message values, as the shopper reads them: the number, the amount in the language's format,
 * and until when in Cairo's time. The payload holds the amount in EGP and the expiry as an ISO time.
 */
export function referenceLines(payload: Record<string, string>, language: Language): [string, string, string] {
  const locale = intlLocale(language);
  const until = new Date(payload.expiresAt ?? '');
  return [
    payload.reference ?? '',
    formatPrice(Number(payload.amount), locale),
    Number.isNaN(until.getTime())
      ? ''
      : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Cairo' }).format(
          until,
        ),
  ];
}

/**
 * An order's e-mail in the language it was placed in, as a subject, a text part and an HTML part.
 * Rendered when it is sent, from the order as it stands then: its lines, sums and tracking number.
 */

export function renderOrderMail(
  kind: OrderMailKind,
  order: Order,
  language: Language,
  publicUrl: string,
  payload?: Record<string, string> | null,
): RenderedMail {
  const t = TEXTS[language];
  const w = t.words;
  const ref = orderRef(order._id);
  const price = (egp: number) => formatPrice(egp, t.locale);
  const ordersUrl = `${publicUrl.replace(/\/+$/, '')}${pathIn(WEB_PATHS.orders, language)}`;
  const lines = order.products.map((line) => ({
    name: withVariant((language === 'ar' && line.productBrief.nameAr) || line.productBrief.name, line, language),
    quantity: line.quantity,
    price: price(line.productBrief.price),
  }));
  const sums: [string, string][] = [
    [w.itemsTotal, price(order.itemsTotal)],
    ...(order.discount > 0
      ? [[w.discount(order.couponCode ?? ''), `−${price(order.discount)}`] as [string, string]]
      : []),
    [w.shipping, price(order.shipping)],
    ...(order.codFee > 0 ? [[w.codFee, price(order.codFee)] as [string, string]] : []),
    [w.total, price(order.bill)],
  ];
  const tracking = tellsOfParcel(kind) && order.trackingNumber ? order.trackingNumber : null;
  const trackingUrl = tracking ? order.trackingUrl : null;
  const reason = reasonFor(kind, order, language);
  // The e-receipt, once issued: its QR code (an image the shop serves) opens it on the ETA's portal. Money given back
  // shows the latest return receipt, the others the sale's.
  const givenBack = kind === 'cancelled' || kind === 'refunded';
  const receipt = (givenBack ? order.etaReturnReceipts?.at(-1) : order.etaReceipt) ?? null;
  const receiptLabel = givenBack ? w.eReturnReceipt : w.eReceipt;
  const refund = order.refund ? refundWords(order.refund, order.bill, language) : null;
  const refunded = refund ? `${w.refunded}: ${refund.amount}. ${refund.way}` : null;
  const payLink = kind === 'pay_link' ? payLinkOf(publicUrl, language) : null;
  const toPay = kind === 'pay_reference' && payload ? referenceLines(payload, language) : [];
  // A parcel out for delivery carries what its courier collects at the door, when anything (courier/service.ts).
  const atTheDoor = kind === 'out_for_delivery' && payload?.collect ? price(Number(payload.collect)) : null;
  const payLines: [string, string][] = toPay.length
    ? [
        [w.fawryReference, toPay[0] ?? ''],
        [w.amountToPay, toPay[1] ?? ''],
        [w.payBy, toPay[2] ?? ''],
      ]
    : atTheDoor
      ? [
          // A deposit paid online is why the amount is less than the total above.
          ...(order.deposit?.state === 'paid' ? [[w.paidAhead, price(order.deposit.amount)] as [string, string]] : []),
          [w.cashAtDoor, atTheDoor],
        ]
      : [];
  // A confirmation's request or reminder carries its signed link (modules/confirmations).
  const confirmUrl = payload?.confirm ?? null;

  const text = [
    w.greeting,
    '',
    t.lead[kind],
    ...payLines.map(([label, value]) => `${label}: ${value}`),
    ...(payLink ? [`${w.payOnline}: ${payLink}`] : []),
    ...(confirmUrl ? [`${w.confirmOrCancel}: ${confirmUrl}`] : []),
    '',
    w.orderNumber(ref),
    ...lines.map((l) => `- ${l.name} × ${l.quantity}: ${l.price}`),
    ...sums.map(([label, value]) => `${label}: ${value}`),
    ...(tracking ? ['', `${w.trackingNumber}: ${tracking}`] : []),
    ...(trackingUrl ? [`${w.trackParcel}: ${trackingUrl}`] : []),
    ...(reason ? ['', `${w.reason}: ${reason}`] : []),
    ...(receipt ? ['', `${receiptLabel}: ${receipt.qrContent}`] : []),
    ...(refunded ? ['', refunded] : []),
    '',
    `${w.viewOrders}: ${ordersUrl}`,
    '',
    w.signOff,
  ].join('\n');

  const e = escapeMarkup;
  const cell = 'padding:4px 8px;border-bottom:1px solid #ddd;text-align:start';
  const html = `<!doctype html>
<html lang="${language}" dir="${t.dir}">
<head><meta charset="utf-8"><title>${e(t.subject[kind](ref))}</title></head>
<body dir="${t.dir}" style="font-family:Arial,Tahoma,sans-serif;color:#222;line-height:1.5">
<p>${e(w.greeting)}</p>
<p>${e(t.lead[kind])}</p>
${payLines.map(([label, value]) => `<p>${e(label)}: <strong>${e(value)}</strong></p>`).join('\n')}
${payLink ? `<p><a href="${e(payLink)}"><strong>${e(w.payOnline)}</strong></a></p>` : ''}
${confirmUrl ? `<p><a href="${e(confirmUrl)}"><strong>${e(w.confirmOrCancel)}</strong></a></p>` : ''}
<h2 style="font-size:18px">${e(w.orderNumber(ref))}</h2>
<table style="border-collapse:collapse" dir="${t.dir}">
<thead><tr><th style="${cell}">${e(w.product)}</th><th style="${cell}">${e(w.quantity)}</th><th style="${cell}">${e(w.price)}</th></tr></thead>
<tbody>
${lines.map((l) => `<tr><td style="${cell}">${e(l.name)}</td><td style="${cell}">${l.quantity}</td><td style="${cell}">${e(l.price)}</td></tr>`).join('\n')}
</tbody>
<tfoot>
${sums.map(([label, value]) => `<tr><th colspan="2" style="${cell}">${e(label)}</th><td style="${cell}">${e(value)}</td></tr>`).join('\n')}
</tfoot>
</table>
${tracking ? `<p>${e(w.trackingNumber)}: <strong>${e(tracking)}</strong></p>` : ''}
${trackingUrl ? `<p><a href="${e(trackingUrl)}">${e(w.trackParcel)}</a></p>` : ''}
${reason ? `<p>${e(w.reason)}: ${e(reason)}</p>` : ''}
${receipt ? `<p><a href="${e(receipt.qrContent)}"><img src="${e(publicUrl.replace(/\/+$/, '') + receipt.qrImage)}" alt="${e(receiptLabel)}"></a><br>${e(receiptLabel)}</p>` : ''}
${refunded ? `<p><strong>${e(refunded)}</strong></p>` : ''}
<p><a href="${e(ordersUrl)}">${e(w.viewOrders)}</a></p>
<p>${e(w.signOff)}</p>
</body>
</html>
`;
  return { subject: t.subject[kind](ref), text, html };
}
