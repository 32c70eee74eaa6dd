import type { Clock } from '../../lib/clock.js';
import type { EtaConfig } from './config.js';
import {
  receiptPath,
  SUBMISSIONS_PATH,
  submissionDetailsPath,
  TOKEN_PATH,
  type ReceiptAnswer,
  type SubmissionAnswer,
  type SubmissionDetails,
  type TokenAnswer,
} from './wire.js';

/** How long a call may take before it counts as failed and is retried later. */
const TIMEOUT_MS = 30_000;
/** A token is renewed this long before the ETA says it expires, so none expires on its way. */
const RENEW_EARLY_MS = 60_000;

/** The ETA answered other than as documented: worth trying again later. */
export class EtaUnavailable extends Error {}

/**
 * The POS's side of the ETA API. Its token is kept until shortly before it expires and asked again when the API
 * says it is not authorised (expired or revoked early), once per call.
 */
export function etaClient(config: EtaConfig, clock: Clock) {
  let token: { value: string; until: number } | null = null;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new EtaUnavailable(`ETA unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > clock.now().getTime()) return token.value;
    const res = await call(`${config.ETA_ID_URL.replace(/\/+$/, '')}${TOKEN_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        posserial: config.ETA_POS_SERIAL,
        pososversion: config.ETA_POS_OS_VERSION,
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: config.ETA_CLIENT_ID,
        client_secret: config.ETA_CLIENT_SECRET,
      }),
    });
    if (!res.ok) throw new EtaUnavailable(`ETA token refused: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as TokenAnswer;
    token = {
      value: answer.access_token,
      until: clock.now().getTime() + answer.expires_in * 1000 - RENEW_EARLY_MS,
    };
    return token.value;
  }

  /** An authorised call to the receipts API; a 401 drops the token and asks once more with a new one. */
  async function api<T>(path: string, init: RequestInit, ok: (status: number) => boolean): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await call(`${config.ETA_API_URL.replace(/\/+$/, '')}${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${await accessToken()}` },
      });
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (!ok(res.status)) throw new EtaUnavailable(`ETA answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    }
  }

  return {
    /** Submits receipts (JSON texts, exactly as their UUIDs were computed), in the order given. */
    submit(documents: readonly string[]): Promise<SubmissionAnswer> {
      // Each receipt is written as stored: its UUID is the hash of that very text.
      const body = `{"receipts":[${documents.join(',')}]}`;
      return api<SubmissionAnswer>(
        SUBMISSIONS_PATH,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body },
        // 202 Accepted; a submission whose receipts were all rejected answers 400 with the same body.
        (status) => status === 202 || status === 200 || status === 400,
      );
    },
    details(submissionId: string): Promise<SubmissionDetails> {
      return api<SubmissionDetails>(submissionDetailsPath(submissionId), { method: 'GET' }, (s) => s === 200);
    },
    /** A receipt the ETA holds, with the submission that brought it. */
    receipt(uuid: string): Promise<ReceiptAnswer> {
      return api<ReceiptAnswer>(receiptPath(uuid), { method: 'GET' }, (s) => s === 200);
    },
  };
}
export type EtaClient = ReturnType<typeof etaClient>;
