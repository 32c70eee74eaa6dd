import { z } from 'zod';

/**
 * Meta's WhatsApp Cloud API (developers.facebook.com/docs/whatsapp/cloud-api): what the shop sends to
 * /{version}/{phone number id}/messages, what comes back, and the webhook's notifications.
 */
export const WHATSAPP_DEFAULT_URL = 'https://graph.facebook.com';
export const WHATSAPP_DEFAULT_VERSION = 'v21.0';
export const messagesPath = (version: string, phoneNumberId: string) => `/${version}/${phoneNumberId}/messages`;
export const SIGNATURE_HEADER = 'x-hub-signature-256';

export type TemplateComponent =
  | { type: 'body'; parameters: { type: 'text'; text: string }[] }
  | { type: 'button'; sub_type: 'quick_reply'; index: string; parameters: { type: 'payload'; payload: string }[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: { type: 'text'; text: string }[] };

export interface TemplateSendRequest {
  messaging_product: 'whatsapp';
  recipient_type?: 'individual';
  /** International, without '+'. */
  to: string;
  type: 'template';
  template: { name: string; language: { code: string }; components: TemplateComponent[] };
}

export interface SendReply {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id: string }[];
  messages: { id: string }[];
}
export interface GraphError {
  error: { message: string; type: string; code: number; fbtrace_id?: string };
}

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';
export interface StatusUpdate {
  id: string;
  status: StatusName;
  timestamp: string;
  recipient_id: string;
  errors?: { code: number; title: string; message?: string; error_data?: { details: string } }[];
}
export interface InboundMessage {
  from: string;
  id: string;
  timestamp: string;
  type: string;
  text?: { body: string };
  /** A template's quick-reply button pressed. */
  button?: { payload: string; text: string };
  context?: { id: string };
}
export interface WebhookNotification {
  object: 'whatsapp_business_account';
  entry: {
    id: string;
    changes: {
      field: 'messages';
      value: {
        messaging_product: 'whatsapp';
        metadata: { display_phone_number: string; phone_number_id: string };
        statuses?: StatusUpdate[];
        messages?: InboundMessage[];
      };
    }[];
  }[];
}

/** GET on the webhook: Meta's check that it is the shop's (answer hub.challenge when hub.verify_token is ours). */
export const whatsappVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});
