import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Account } from './accounts';

/**
 * The server's DATA_DIR: e2e/server.mjs writes it to a file named after the port, so the tests find it
 * also when Playwright reuses a server that is already running.
 */
export function dataDir(): string {
  const port = process.env.E2E_PORT ?? '3210';
  const pointer = path.join(os.tmpdir(), `shop-e2e-${port}.datadir`);
  if (!fs.existsSync(pointer)) throw new Error(`${pointer} is missing: start the shop with e2e/server.mjs`);
  return fs.readFileSync(pointer, 'utf8').trim();
}

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  date: string;
}

/** The mails to `to` in the outbox so far, oldest first. */
export function mailsTo(to: string): Mail[] {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      try {
        return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Mail;
      } catch {
        return null; // still being written
      }
    })
    .filter((mail): mail is Mail => mail !== null && mail.to === to)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The newest mail to `to` (the server sends it in the background, so it is waited for). */
export async function newestMailTo(to: string): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(
      () => {
        mail = mailsTo(to).at(-1);
        return mail !== undefined;
      },
      { message: `a mail to ${to} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return mail as Mail;
}

/** The path of the reset link in a mail: /password-reset/{id}/{token} (the host is PUBLIC_URL's). */
export function resetPathIn(mail: Mail): string {
  const match = /https?:\/\/\S+?(\/password-reset\/[^\s/]+\/[^\s/]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}

/** The shopper answers the e-mail asking them to confirm their cash order: its link's token, confirmed. */
export async function confirmByMail(request: APIRequestContext, shopper: Account, orderId: string): Promise<void> {
  const link = new RegExp(`/confirm/(${orderId}\\.[\\w-]+)`);
  let token = '';
  await expect
    .poll(async () => (token = link.exec((await newestMailTo(shopper.user.email)).text)?.[1] ?? ''), {
      message: `the mail asking to confirm order ${orderId}`,
    })
    .not.toBe('');
  const res = await request.post(`/api/order/confirm/${token}`, { data: { answer: 'confirm' } });
  expect(res.ok(), await res.text()).toBe(true);
}
