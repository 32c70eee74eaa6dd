import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`, which stays for readers that show only plain text. */
  html?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox as JSON and logged,
 * so a developer (and the tests) can follow a reset link without a mail server.
 */
export async function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Promise<Mailer> {
  if (opts.smtpUrl) {
    const nodemailer = await import('nodemailer');
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return { send: async (m) => void (await transport.sendMail({ from: opts.from, ...m })) };
  }
  return {
    async send(m) {
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
      await fs.writeFile(file, JSON.stringify({ from: opts.from, ...m, date: new Date().toISOString() }, null, 2));
      opts.log.info({ to: m.to, subject: m.subject, file }, 'mail written to outbox');
    },
  };
}
