import { languageOf } from '@shop/contracts';
import { repeatedPasses, type Passes } from '../../lib/passes.js';
import type { Deps } from '../deps.js';
import { loadOrder } from '../orders/queries.js';
import { ORDER_MAIL_KINDS, type OrderMailKind } from './order-mail.js';
import { claimNext, markFailed, markSent, MAX_ATTEMPTS, type QueuedMail } from './queue.js';
import { renderOrderMail } from './templates/render.js';

/** Sends the queued e-mails; `flush` resolves to how many mails its pass sent. */
export type MailSender = Passes;

type SenderDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'mailer' | 'config'>;

const POLL_MS = 5_000;
/**
 * How long a claimed mail is this sender's alone. Longer than a send can take (nodemailer gives up on a
 * silent server after minutes), so no other instance takes it while it is still being sent. Mails are
 * claimed one at a time: a lease taken for a batch would run out while slow sends ahead of it went on.
 */
const LEASE_MS = 15 * 60_000;

const isOrderMailKind = (kind: string): kind is OrderMailKind => (ORDER_MAIL_KINDS as readonly string[]).includes(kind);

/**
 * The queue's sender: mails are written to mail_queue in the transactions that cause them, and sent
 * from here, outside any request. One pass at a time per process; several processes share the queue
 * through row locks (queue.ts), so each mail goes out once.
 */
export function createMailSender(deps: SenderDeps): MailSender {
  const { db, clock, log } = deps;

  async function sendOne(mail: QueuedMail): Promise<void> {
    if (!mail.orderId || !isOrderMailKind(mail.kind)) throw new Error(`cannot render a '${mail.kind}' mail`);
    const order = await loadOrder(db, mail.orderId);
    const rendered = renderOrderMail(mail.kind, order, languageOf(mail.language), deps.config.PUBLIC_URL);
    await deps.mailer.send({ to: mail.to, ...rendered });
  }

  async function pass(stopping: () => boolean): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = clock.now();
      const mail = await claimNext(db, now, new Date(now.getTime() + LEASE_MS));
      if (!mail) return sent;
      try {
        await sendOne(mail);
        await markSent(db, mail.id, clock.now());
        sent++;
      } catch (err) {
        await markFailed(db, mail, err instanceof Error ? err.message : String(err), clock.now());
        const context = { err, mailId: mail.id, kind: mail.kind, orderId: mail.orderId, attempts: mail.attempts };
        if (mail.attempts >= MAX_ATTEMPTS) log.error(context, 'mail given up after its last attempt');
        else log.warn(context, 'mail not sent, will retry');
      }
      if (stopping()) return sent;
    }
  }

  return repeatedPasses(pass, { everyMs: POLL_MS, log, failure: 'mail pass failed' });
}
