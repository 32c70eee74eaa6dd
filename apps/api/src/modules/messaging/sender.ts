import { inArray } from 'drizzle-orm';
import type { Order } from '@shop/contracts';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import { unrecordedWrites } from '../../lib/unrecorded.js';
import { orders } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { loadOrders } from '../orders/queries.js';
import { CHANNELS, type Channel, type MessageProviders } from './provider.js';
import { claimDue, markFailed, markOutdated, markSent, MAX_ATTEMPTS, release, type QueuedMessage } from './queue.js';
import { outdatedBy } from './order-messages.js';
import { renderMessage } from './render.js';

/** Sends the queued messages; `flush` resolves to how many its pass sent. */
export type MessageSender = Passes;

type SenderDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config'> & { providers: MessageProviders };

const POLL_MS = 5_000;
/**
 * How long claimed messages are this sender's alone. A send begins only in the lease's first half (a batch gives the
 * rest back then), and the second half is longer than a send can take (nodemailer gives up on a silent server
 * within 13 minutes, the SMS and WhatsApp providers within 15 s), so no other instance takes a message while it is
 * still being sent.
 */
const LEASE_MS = 30 * 60_000;
/** Messages claimed at once, and their orders read at once: a few statements for them all instead of five a message. */
const BATCH = 20;

const isChannel = (channel: string): channel is Channel => (CHANNELS as readonly string[]).includes(channel);

/**
 * The queue's sender: messages are written to the messages table in the transactions that cause them, and sent
 * from here, outside any request, each by its channel's provider. One pass at a time per process; several processes
 * share the queue through row locks (queue.ts), so each message goes out once.
 */
export function createMessageSender(deps: SenderDeps): MessageSender {
  const { db, clock, log, providers } = deps;

  /**
   * Messages a provider took whose `sent` could not be written then (the database out of reach for a moment): they
   * are not tried again, which would send them twice, and their `sent` is written at the next passes, well inside
   * their lease.
   */
  const unrecorded = unrecordedWrites<number>(log, 'a sent message still not recorded as sent', 'messageId');

  /** Sends a message; answers false for one given up as no longer true. */
  async function sendOne(message: QueuedMessage, order: Order | undefined): Promise<boolean> {
    const { channel } = message;
    if (!isChannel(channel)) throw new Error(`no '${channel}' channel`);
    const outdated = outdatedBy(message, order, clock.now());
    if (outdated) {
      await markOutdated(db, message, outdated, clock.now());
      log.info({ messageId: message.id, kind: message.kind, orderId: message.orderId }, outdated);
      return false;
    }
    const provider = providers[channel];
    const rendered = renderMessage(channel, message, order, deps.config.PUBLIC_URL);
    // Each channel's provider takes its own channel's message: the union is narrowed by `channel` above.
    const { providerMessageId } = await (provider.send as (m: typeof rendered) => ReturnType<typeof provider.send>)(
      rendered,
    );
    const sentAt = clock.now();
    const record = () => markSent(db, message.id, sentAt, provider.name, providerMessageId);
    try {
      await record();
    } catch (err) {
      const { id: messageId, kind, orderId } = message;
      log.error({ err, messageId, kind, channel, orderId }, 'message sent but not recorded as sent; not sent again');
      unrecorded.keep(message.id, record);
    }
    return true;
  }

  /** The orders the messages tell of, by id, read together. */
  async function ordersOf(batch: QueuedMessage[]): Promise<Map<string, Order>> {
    const ids = batch.flatMap((message) => (message.orderId ? [message.orderId] : []));
    const found = ids.length ? await loadOrders(db, inArray(orders.id, ids)) : [];
    return new Map(found.map((order) => [order._id, order]));
  }

  async function pass(stopping: () => boolean): Promise<number> {
    await unrecorded.retry();
    let sent = 0;
    for (;;) {
      const claimedAt = clock.now().getTime();
      const batch = await claimDue(db, new Date(claimedAt), new Date(claimedAt + LEASE_MS), BATCH);
      if (!batch.length) return sent;
      const orderById = await ordersOf(batch).catch(async (err: unknown) => {
        await release(db, batch, clock.now());
        throw err;
      });
      for (const [index, message] of batch.entries()) {
        try {
          if (await sendOne(message, message.orderId ? orderById.get(message.orderId) : undefined)) sent++;
        } catch (err) {
          await markFailed(db, message, err instanceof Error ? err.message : String(err), clock.now());
          const { id: messageId, kind, channel, orderId, attempts } = message;
          const context = { err, messageId, kind, channel, orderId, attempts };
          if (attempts >= MAX_ATTEMPTS) log.error(context, 'message given up after its last attempt');
          else log.warn(context, 'message not sent, will retry');
        }
        const left = batch.slice(index + 1);
        if (left.length && (stopping() || clock.now().getTime() - claimedAt > LEASE_MS / 2)) {
          await release(db, left, clock.now());
          return sent;
        }
      }
      if (stopping()) return sent;
    }
  }

  return repeatedPasses(pass, { everyMs: POLL_MS, log, failure: 'message pass failed' });
}
