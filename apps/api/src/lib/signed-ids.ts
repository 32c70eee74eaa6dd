import { createHmac } from 'node:crypto';
import { sameSecret } from './same-secret.js';

/**
 * Tokens `<id>.<signature>` that name one row in a link anyone may open (an opt-out, a confirmation): the signature is
 * an HMAC under a key derived from the sessions' secret for this `purpose` only, so no link's signature is a session's
 * or another link's. `bytes` cuts the HMAC short where the link must fit an SMS. `signatureOf` alone is a keyed digest
 * of a value nobody may read back from what is stored (a phone number, an address).
 */
export function signedIds(secret: string, purpose: string, bytes?: number) {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const sign = (id: string) => createHmac('sha256', key).update(id).digest().subarray(0, bytes).toString('base64url');
  return {
    tokenOf: (id: string) => `${id}.${sign(id)}`,
    signatureOf: sign,
    /** The id a token names, or null when it is not one of ours. */
    idOf(token: string): string | null {
      const [id, signature] = token.split('.');
      return id && signature && sameSecret(sign(id), signature) ? id : null;
    },
  };
}
