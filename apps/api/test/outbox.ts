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

/** Every file the outbox holds, oldest first, once the message queue has sent what it holds. */
async function outboxFiles(t: TestContext): Promise<string[]> {
  await t.app.messageSender.flush();
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}

/**
 * The mails sent to `to` so far, oldest first, once the message queue has sent what it holds: what the shopper
 * received, whatever the queue kept of it (it drops a message's payload once sent).
 */
export async function mailsTo(t: TestContext, to: string): Promise<OutboxMail[]> {
  return (await outboxFiles(t)).map((text) => JSON.parse(text) as OutboxMail).filter((mail) => mail.to === to);
}

/**
 * The newest message of any channel the outbox holds that names `to` (a mail's address, a text's or a WhatsApp
 * message's phone), as written: what the person last received.
 */
export async function lastSentTo(t: TestContext, to: string): Promise<string> {
  const last = (await outboxFiles(t)).filter((text) => text.includes(to)).at(-1);
  if (!last) throw new Error(`nothing sent to ${to}`);
  return last;
}

/** Asks for a sign-in code by SMS for `local` (01…) and reads it from what was sent to `stored` (+201…). */
export async function phoneCodeFor(t: TestContext, local: string, stored: string): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/auth/phone/start',
    payload: { phone: local, channel: 'sms' },
  });
  if (started.statusCode !== 202) throw new Error(`no code for ${local}: ${started.body}`);
  return lastCodeSentTo(t, stored);
}

/** The code in the last message sent to `stored` (+201…). */
export async function lastCodeSentTo(t: TestContext, stored: string): Promise<string> {
  const code = (await lastSentTo(t, stored)).match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${stored}`);
  return code;
}
