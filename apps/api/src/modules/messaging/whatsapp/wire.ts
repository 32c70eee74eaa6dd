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

/** The statuses the shop keeps of a message it sent; Meta reports others too, which change nothing here. */
export const STATUS_NAMES = ['sent', 'delivered', 'read', 'failed'] as const;
export type StatusName = (typeof STATUS_NAMES)[number];
export const isStatusName = (status: string): status is StatusName =>
  (STATUS_NAMES as readonly string[]).includes(status);

const statusUpdateSchema = z.object({
  id: z.string(),
  /** One of STATUS_NAMES, or one the shop does not keep. */
  status: z.string(),
  /** Unix seconds. */
  timestamp: z.string(),
  recipient_id: z.string(),
  errors: z
    .array(
      z.object({
        code: z.number(),
        title: z.string(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string() }).optional(),
      }),
    )
    .optional(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

const inboundMessageSchema = z.object({
  /** The shopper's WhatsApp number, international without '+'. */
  from: z.string().regex(/^\d{1,20}$/),
  id: z.string(),
  timestamp: z.string(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  /** A template's quick-reply button pressed. */
  button: z.object({ payload: z.string(), text: z.string() }).optional(),
  context: z.object({ id: z.string() }).optional(),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

/**
 * A webhook's notification: the fields the shop reads, checked once the signature has proved it Meta's; the rest
 * (fields Meta adds, changes of other kinds) is left out.
 */
export const webhookNotificationSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string(),
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.object({
            messaging_product: z.literal('whatsapp').optional(),
            metadata: z.object({ display_phone_number: z.string(), phone_number_id: z.string() }).optional(),
            statuses: z.array(statusUpdateSchema).optional(),
            messages: z.array(inboundMessageSchema).optional(),
          }),
        }),
      ),
    }),
  ),
});
export type WebhookNotification = z.infer<typeof webhookNotificationSchema>;

/** GET on the webhook: Meta's check that it is the shop's (answer hub.challenge when hub.verify_token is ours). */
export const whatsappVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});
