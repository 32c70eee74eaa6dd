import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameSecret } from '../../../lib/same-secret.js';
import type { Db } from '../../../db/client.js';
import { applyStatus, type Replies } from '../status.js';
import { isStatusName, webhookNotificationSchema, type WebhookNotification } from './wire.js';

/**
 * Whether `header` is Meta's signature of exactly these bytes: `sha256=` and the hex HMAC-SHA256 of the raw body
 * with the app's secret, compared in constant time so a forger learns nothing from how long a refusal takes.
 */
export function signedByMeta(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return sameSecret(createHmac('sha256', appSecret).update(rawBody).digest(), given);
}

/**
 * A signed body read as Meta's notification, or why it is not one: what zod found wrong, without the values (a
 * shopper's words and number stay out of the log).
 */
export function readNotification(rawBody: Buffer): { notification: WebhookNotification } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { problem: 'not JSON' };
  }
  const parsed = webhookNotificationSchema.safeParse(json);
  return parsed.success ? { notification: parsed.data } : { problem: z.prettifyError(parsed.error) };
}

/**
 * Applies a signed notification: statuses move their messages on (a replay changes nothing; one the shop does not keep
 * is passed over), and shoppers' texts and button presses go to whoever subscribed to replies.
 */
export async function applyNotification(
  db: Db,
  replies: Replies,
  notification: WebhookNotification,
  now: Date,
): Promise<void> {
  for (const entry of notification.entry)
    for (const change of entry.changes) {
      for (const status of change.value.statuses ?? []) {
        if (!isStatusName(status.status)) continue;
        await applyStatus(db, {
          provider: 'whatsapp',
          providerMessageId: status.id,
          status: status.status,
          reason: status.errors?.map((e) => e.error_data?.details ?? e.message ?? e.title).join('; '),
          at: new Date(Number(status.timestamp) * 1000 || now.getTime()),
        });
      }
      for (const message of change.value.messages ?? []) {
        const text = message.text?.body;
        const buttonPayload = message.button?.payload;
        if (!text && !buttonPayload) continue;
        await replies.receive(
          {
            from: `+${message.from}`,
            providerMessageId: message.id,
            ...(text ? { text } : {}),
            ...(buttonPayload ? { buttonPayload } : {}),
          },
          'whatsapp',
          'whatsapp',
        );
      }
    }
}
