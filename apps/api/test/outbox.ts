import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from './harness.js';

/** A mail as the outbox keeps it when no mail relay is configured. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The mails sent to `to` so far, oldest first, once the message queue has sent what it holds: what the shopper
 * received, whatever the queue kept of it (it drops a message's payload once sent).
 */
export async function mailsTo(t: TestContext, to: string): Promise<OutboxMail[]> {
  await t.app.messageSender.flush();
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to === to);
}

/**
 * The newest message of any channel the outbox holds that names `to` (a mail's address, a text's or a WhatsApp
 * message's phone), as written: what the person last received.
 */
export async function lastSentTo(t: TestContext, to: string): Promise<string> {
  await t.app.messageSender.flush();
  const dir = path.join(t.dataDir, 'outbox');
  const sent = fs
    .readdirSync(dir)
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .filter((text) => text.includes(to));
  const last = sent.at(-1);
  if (!last) throw new Error(`nothing sent to ${to}`);
  return last;
}
