import { inArray } from 'drizzle-orm';
import { languageOf, type Order } from '@shop/contracts';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import { orders } from '../../db/schema.js';
import type { Deps } from '../deps.js';
import { loadOrders } from '../orders/queries.js';
import { ORDER_MAIL_KINDS, type OrderMailKind } from './order-mail.js';
import { claimDue, markFailed, markSent, MAX_ATTEMPTS, release, type QueuedMail } from './queue.js';
import { renderOrderMail } from './templates/render.js';

/** Sends the queued e-mails; `flush` resolves to how many mails its pass sent. */
export type MailSender = Passes;

type SenderDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'mailer' | 'config'>;

const POLL_MS = 5_000;
/**
 * How long claimed mails are this sender's alone. A send begins only in the lease's first half (a batch gives the
 * rest back then), and the second half is longer than a send can take (nodemailer gives up on a silent server
 * within 13 minutes), so no other instance takes a mail while it is still being sent.
 */
const LEASE_MS = 30 * 60_000;
/** Mails claimed at once, and their orders read at once: a few statements for them all instead of five a mail. */
const BATCH = 20;

const isOrderMailKind = (kind: string): kind is OrderMailKind => (ORDER_MAIL_KINDS as readonly string[]).includes(kind);

/**
 * The queue's sender: mails are written to mail_queue in the transactions that cause them, and sent
 * from here, outside any request. One pass at a time per process; several processes share the queue
 * through row locks (queue.ts), so each mail goes out once.
 */
export function createMailSender(deps: SenderDeps): MailSender {
  const { db, clock, log } = deps;

  async function sendOne(mail: QueuedMail, order: Order | undefined): Promise<void> {
    if (!isOrderMailKind(mail.kind)) throw new Error(`cannot render a '${mail.kind}' mail`);
    if (!order) throw new Error(`order ${mail.orderId} not found`);
    const rendered = renderOrderMail(mail.kind, order, languageOf(mail.language), deps.config.PUBLIC_URL);
    await deps.mailer.send({ to: mail.to, ...rendered });
  }

  /** The orders the mails tell of, by id, read together. */
  async function ordersOf(mails: QueuedMail[]): Promise<Map<string, Order>> {
    const ids = mails.flatMap((mail) => (mail.orderId ? [mail.orderId] : []));
    const found = ids.length ? await loadOrders(db, inArray(orders.id, ids)) : [];
    return new Map(found.map((order) => [order._id, order]));
  }

  async function pass(stopping: () => boolean): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimedAt = clock.now().getTime();
      const mails = await claimDue(db, new Date(claimedAt), new Date(claimedAt + LEASE_MS), BATCH);
      if (!mails.length) return sent;
      const orderById = await ordersOf(mails).catch(async (err: unknown) => {
        await release(db, mails, clock.now());
        throw err;
      });
      for (const [index, mail] of mails.entries()) {
        try {
          await sendOne(mail, mail.orderId ? orderById.get(mail.orderId) : undefined);
          await markSent(db, mail.id, clock.now());
          sent++;
        } catch (err) {
          await markFailed(db, mail, err instanceof Error ? err.message : String(err), clock.now());
          const context = { err, mailId: mail.id, kind: mail.kind, orderId: mail.orderId, attempts: mail.attempts };
          if (mail.attempts >= MAX_ATTEMPTS) log.error(context, 'mail given up after its last attempt');
          else log.warn(context, 'mail not sent, will retry');
        }
        const left = mails.slice(index + 1);
        if (left.length && (stopping() || clock.now().getTime() - claimedAt > LEASE_MS / 2)) {
          await release(db, left, clock.now());
          return sent;
        }
      }
      if (stopping()) return sent;
    }
  }

  return repeatedPasses(pass, { everyMs: POLL_MS, log, failure: 'mail pass failed' });
}
