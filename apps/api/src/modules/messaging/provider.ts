import type { MailMessage } from '../../lib/mailer.js';

export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A WhatsApp template message: an approved template's name and language, and the values of its parameters. */
export interface TemplateMessage {
  name: string;
  language: 'ar' | 'en';
  /** The body's {{1}}, {{2}}, … in order. */
  parameters: string[];
  /** Quick-reply buttons' payloads, in the template's order, so a press tells which message it answers. */
  buttonPayloads: string[];
}

/** What each channel's provider is handed. `reference` is the queue row's id, echoed back by some providers. */
export interface Outgoing {
  email: MailMessage;
  sms: { to: string; text: string; reference: string };
  /** `copyCode`: the sign-in code its copy-code button copies. */
  whatsapp: { to: string; template: TemplateMessage; reference: string; copyCode?: string };
}

/**
 * One way out for one channel (the SMTP server, CEQUENS, Meta's Cloud API, the outbox folder). `send` resolves once
 * the provider has taken the message, to its id there when it gives one (its reports name it); it throws when the
 * provider refused or could not be reached, and the queue tries again later.
 */
export interface MessageProvider<C extends Channel> {
  /** Stored with each message it took, so its reports find their message. */
  name: string;
  send(message: Outgoing[C]): Promise<{ providerMessageId?: string }>;
}

export type MessageProviders = { [C in Channel]: MessageProvider<C> };
