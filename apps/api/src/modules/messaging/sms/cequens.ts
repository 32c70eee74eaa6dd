import { z } from 'zod';
import type { Config } from '../../../config.js';
import type { MessageProvider } from '../provider.js';
import { smsCoding } from './encoding.js';
import {
  CEQUENS_DEFAULT_URL,
  CEQUENS_MESSAGES_PATH,
  DLR_STATUS,
  type CequensReport,
  type CequensSendReply,
  type CequensSendRequest,
} from './cequens-wire.js';
import type { StatusReport } from '../status.js';

/** The path of the delivery-report route under /api; the secret is its last segment. */
export const CEQUENS_DLR_PATH = '/messaging/cequens/dlr';

/** Its settings, read from the environment. */
export const cequensSettings = z.object({
  CEQUENS_API_KEY: z.string().min(1),
  CEQUENS_SENDER: z.string().min(1).max(11),
  CEQUENS_API_URL: z.string().url().default(CEQUENS_DEFAULT_URL),
  /** The secret in the delivery-report address: CEQUENS signs nothing, so knowing the address is the proof. */
  CEQUENS_DLR_SECRET: z.string().min(16, 'CEQUENS_DLR_SECRET must be at least 16 characters'),
});

export const cequensConfigured = (env: Config['env']) => Boolean(env.CEQUENS_API_KEY);

/** What a delivery report says of its message: delivered (status 1), else failed with CEQUENS's words for it. */
export function cequensStatus(report: CequensReport, at: Date): StatusReport {
  const delivered = report.Status === DLR_STATUS.delivered;
  return {
    provider: 'cequens',
    providerMessageId: report.MessageId,
    status: delivered ? 'delivered' : 'failed',
    ...(delivered ? {} : { reason: report.StatusMessage ?? 'UnDelivered' }),
    at,
  };
}

/** How long a send may take before it is counted as failed and retried. */
const TIMEOUT_MS = 15_000;

/** SMS through CEQUENS: one request a message, its coding chosen by its text, its report asked for at dlrUrl. */
export function cequensProvider(config: Pick<Config, 'env' | 'PUBLIC_URL'>): MessageProvider<'sms'> {
  const settings = cequensSettings.parse(config.env);
  const dlrUrl = `${config.PUBLIC_URL}/api${CEQUENS_DLR_PATH}/${settings.CEQUENS_DLR_SECRET}`;
  return {
    name: 'cequens',
    async send(sms) {
      const body: CequensSendRequest = {
        messageText: sms.text,
        senderName: settings.CEQUENS_SENDER,
        messageType: smsCoding(sms.text),
        recipients: sms.to.replace(/^\+/, ''),
        dlrUrl,
      };
      const res = await fetch(`${settings.CEQUENS_API_URL}${CEQUENS_MESSAGES_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.CEQUENS_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const reply = (await res.json().catch(() => null)) as CequensSendReply | null;
      const id = reply?.data?.SentSMSIDs?.[0]?.SMSId;
      if (!res.ok || reply?.replyCode !== 0 || !id)
        throw new Error(`CEQUENS answered ${res.status}: ${reply?.replyMessage ?? 'no reply'}`);
      return { providerMessageId: id };
    },
  };
}
