import path from 'node:path';
import type { Deps } from '../deps.js';
import { smsOutbox, whatsappOutbox } from './outbox.js';
import type { MessageProviders } from './provider.js';
import { cequensConfigured, cequensProvider } from './sms/cequens.js';
import { cloudApiProvider, whatsappConfigured } from './whatsapp/cloud-api.js';

/**
 * Each channel's provider, from the settings present: e-mail through the mailer (SMTP or the outbox), SMS through
 * CEQUENS when CEQUENS_API_KEY is set, WhatsApp through Meta's Cloud API when WHATSAPP_ACCESS_TOKEN is; otherwise
 * the outbox folder, so a shop runs with no account anywhere. A provider named with settings missing stops the start.
 */
export function messageProviders(deps: Pick<Deps, 'config' | 'log' | 'mailer'>): MessageProviders {
  const { config, log } = deps;
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    email: { name: 'email', send: async (mail) => (await deps.mailer.send(mail), {}) },
    sms: cequensConfigured(config.env) ? cequensProvider(config) : smsOutbox(outbox, log),
    whatsapp: whatsappConfigured(config.env) ? cloudApiProvider(config) : whatsappOutbox(outbox, log),
  };
}
