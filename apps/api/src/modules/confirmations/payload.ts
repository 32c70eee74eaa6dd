import { CONFIRMATION_ANSWERS, type ConfirmationAnswer } from '@shop/contracts';

const PREFIX = 'confirm_order';

/** A WhatsApp quick-reply button's payload: the order and the answer it gives. */
export const answerPayload = (orderId: string, answer: ConfirmationAnswer) => `${PREFIX}:${orderId}:${answer}`;

/** The order and answer a button's payload names; null for any other payload. */
export function readAnswerPayload(payload: string | undefined): { orderId: string; answer: ConfirmationAnswer } | null {
  const [prefix, orderId, answer] = (payload ?? '').split(':');
  if (prefix !== PREFIX || !orderId || !(CONFIRMATION_ANSWERS as readonly string[]).includes(answer ?? '')) return null;
  return { orderId, answer: answer as ConfirmationAnswer };
}
