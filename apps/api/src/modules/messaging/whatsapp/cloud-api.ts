import { z } from 'zod';
import type { Config } from '../../../config.js';
import type { MessageProvider, TemplateMessage } from '../provider.js';
import {
  messagesPath,
  WHATSAPP_DEFAULT_URL,
  WHATSAPP_DEFAULT_VERSION,
  type GraphError,
  type SendReply,
  type TemplateComponent,
  type TemplateSendRequest,
} from './wire.js';

/** Its settings, read from the environment. */
export const whatsappSettings = z.object({
  WHATSAPP_ACCESS_TOKEN: z.string().min(1),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1),
  WHATSAPP_API_URL: z.string().url().default(WHATSAPP_DEFAULT_URL),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default(WHATSAPP_DEFAULT_VERSION),
  /** Signs the webhook's posts (the app's secret at Meta). */
  WHATSAPP_APP_SECRET: z.string().min(1),
  /** What Meta's verification request must carry, chosen by the merchant when subscribing the webhook. */
  WHATSAPP_VERIFY_TOKEN: z.string().min(1),
});

export const whatsappConfigured = (env: Config['env']) => Boolean(env.WHATSAPP_ACCESS_TOKEN);

const TIMEOUT_MS = 15_000;

/**
 * A template's components as the Cloud API takes them: the body's parameters, then each button's. A sign-in code's
 * copy-code button is a 'url' button carrying the code; quick replies carry their payloads.
 */
export function templateComponents(template: TemplateMessage, copyCode?: string): TemplateComponent[] {
  const components: TemplateComponent[] = [
    { type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) },
  ];
  if (copyCode)
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: copyCode }] });
  template.buttonPayloads.forEach((payload, index) =>
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    }),
  );
  return components;
}

/** WhatsApp through Meta's Cloud API: every message the shop starts is an approved template (templates.ts). */
export function cloudApiProvider(config: Pick<Config, 'env'>): MessageProvider<'whatsapp'> {
  const settings = whatsappSettings.parse(config.env);
  const url = `${settings.WHATSAPP_API_URL}${messagesPath(settings.WHATSAPP_API_VERSION, settings.WHATSAPP_PHONE_NUMBER_ID)}`;
  return {
    name: 'whatsapp',
    async send({ to, template, copyCode }) {
      const body: TemplateSendRequest = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          components: templateComponents(template, copyCode),
        },
      };
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.WHATSAPP_ACCESS_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const reply = (await res.json().catch(() => null)) as (SendReply & GraphError) | null;
      const id = reply?.messages?.[0]?.id;
      if (!res.ok || !id)
        throw new Error(`WhatsApp answered ${res.status}: ${reply?.error?.message ?? 'no message id'}`);
      return { providerMessageId: id };
    },
  };
}
