import { z } from 'zod';
import type { SmsCoding } from './encoding.js';

/** CEQUENS's SMS API (developer.cequens.com, "Sending SMS"): the route, what the shop sends and what comes back. */
export const CEQUENS_MESSAGES_PATH = '/sms/v1/messages';
export const CEQUENS_DEFAULT_URL = 'https://apis.cequens.com';

export interface CequensSendRequest {
  messageText: string;
  senderName: string;
  messageType: SmsCoding;
  /** International, without '+': 2010…; several are comma separated (the shop sends one). */
  recipients: string;
  /** Where CEQUENS posts this message's delivery report. */
  dlrUrl?: string;
}

/** replyCode 0 is success; a negative one is CEQUENS's error (-6 no valid recipient, -12 sender name, -17 credit…). */
export interface CequensSendReply {
  replyCode: number;
  replyMessage: string;
  requestId?: string;
  data?: { SentSMSIDs?: { SMSId: string }[]; InvalidRecipients?: string[] } | null;
}

/**
 * A delivery report ("DLR Webhook" in CEQUENS's reference), as query parameters of a request to dlrUrl: the
 * message's id at CEQUENS, and its status (1 delivered, 2 undelivered), with the sender, recipient, account and
 * submit date beside them. CEQUENS does not sign them: dlrUrl carries a secret of the shop's instead.
 */
export const DLR_STATUS = { delivered: '1', undelivered: '2' } as const;

export const cequensReportQuerySchema = z
  .object({
    MessageId: z.string().max(100),
    Status: z.string().max(10),
    StatusMessage: z.string().max(500).optional(),
  })
  .passthrough();
export type CequensReport = z.infer<typeof cequensReportQuerySchema>;
