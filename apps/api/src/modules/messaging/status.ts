import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

/** A provider's report on a message it took, found by the provider's id for it. */
export interface StatusReport {
  provider: string;
  providerMessageId: string;
  status: 'delivered' | 'read' | 'failed' | 'sent';
  reason?: string;
  at: Date;
}

/**
 * Moves a sent message's status on from a provider's report, found by the provider's id for it. Reports come late,
 * twice or out of order, so a status only ever moves forward (sent → delivered → read; failed only before delivery):
 * a replayed or stale report changes nothing. Resolves to whether it changed the message.
 */
export async function applyStatus(db: Db, report: StatusReport): Promise<boolean> {
  const before =
    report.status === 'failed'
      ? sql`${messages.status} in ('queued', 'sent')`
      : report.status === 'read'
        ? sql`${messages.status} in ('queued', 'sent', 'delivered')`
        : report.status === 'delivered'
          ? sql`${messages.status} in ('queued', 'sent')`
          : sql`${messages.status} = 'queued'`;
  const changed = await db
    .update(messages)
    .set({
      status: report.status,
      statusAt: report.at,
      ...(report.status === 'failed' ? { lastError: (report.reason ?? 'failed').slice(0, 2000) } : {}),
    })
    .where(
      and(eq(messages.provider, report.provider), eq(messages.providerMessageId, report.providerMessageId), before),
    )
    .returning({ id: messages.id });
  return changed.length > 0;
}

/** A shopper's message to the shop: their text, or the payload of the template button they pressed. */
export interface Reply {
  from: string;
  text?: string;
  buttonPayload?: string;
  providerMessageId: string;
}
export type ReplyHandler = (reply: Reply) => Promise<void>;

/**
 * Where shoppers' replies go: the modules that asked something (an order's confirmation, the reminders' opt-out)
 * subscribe here. A reply is recorded, by its provider id, once every handler has taken it, and a webhook Meta
 * delivers again after that hands it on no more. One whose handler failed is not recorded: the webhook answers 500
 * and Meta's retry hands it on again, which the handlers are safe to repeat (an order is decided once, an opt-out
 * stays), as they are when two deliveries of one reply arrive at once.
 */
export function createReplies(db: Db, clock: Clock) {
  const handlers: ReplyHandler[] = [];
  return {
    subscribe(handler: ReplyHandler) {
      handlers.push(handler);
    },
    async receive(reply: Reply, channel: 'whatsapp', provider: string, language = 'ar'): Promise<boolean> {
      const [seen] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.provider, provider), eq(messages.providerMessageId, reply.providerMessageId)));
      if (seen) return false;
      for (const handler of handlers) await handler(reply);
      const [recorded] = await db
        .insert(messages)
        .values({
          kind: 'reply',
          channel,
          to: reply.from,
          language,
          status: 'received',
          sentAt: clock.now(),
          provider,
          providerMessageId: reply.providerMessageId,
          payload: {
            ...(reply.text ? { text: reply.text } : {}),
            ...(reply.buttonPayload ? { button: reply.buttonPayload } : {}),
          },
        })
        .onConflictDoNothing()
        .returning({ id: messages.id });
      return Boolean(recorded);
    },
  };
}
export type Replies = ReturnType<typeof createReplies>;
