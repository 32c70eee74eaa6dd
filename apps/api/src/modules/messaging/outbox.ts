import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageProvider } from './provider.js';
import { fillTemplate, TEMPLATES } from './templates.js';

/** Where messages go with no provider configured: a JSON file each in `dir`, and a log line, as e-mail does. */
async function write(dir: string, message: object): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
  await fs.writeFile(file, JSON.stringify({ ...message, date: new Date().toISOString() }, null, 2));
  return file;
}

export function smsOutbox(dir: string, log: FastifyBaseLogger): MessageProvider<'sms'> {
  return {
    name: 'outbox',
    async send(sms) {
      const file = await write(dir, { channel: 'sms', to: sms.to, text: sms.text });
      log.info({ to: sms.to, file }, 'SMS written to outbox');
      return {};
    },
  };
}

export function whatsappOutbox(dir: string, log: FastifyBaseLogger): MessageProvider<'whatsapp'> {
  return {
    name: 'outbox',
    async send({ to, template }) {
      const known = Object.values(TEMPLATES).find((t) => t.name === template.name);
      const text = known ? fillTemplate(known, template.language, template.parameters) : undefined;
      const file = await write(dir, { channel: 'whatsapp', to, template, text });
      log.info({ to, template: template.name, file }, 'WhatsApp message written to outbox');
      return {};
    },
  };
}
