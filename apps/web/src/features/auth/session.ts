import { CONTACT_CHANNELS, type ContactChannel, type Session, type User } from '@shop/contracts';
import { isRecord } from '../../lib/guards';

/** Local storage key of the stored session, the original shop's (docs/decisions/original-routes.md). */
export const SESSION_KEY = 'userData';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The stored session, if it may be used: it is restored only when the user's _id and the token
 * exist and the expiration lies in the future. Anything else (missing, malformed, expired) is no session.
 */
export function restoreSession(stored: unknown, now: number): Session | null {
  if (!isRecord(stored) || !isRecord(stored.user)) return null;
  const { user, token, expiration } = stored;
  const id = text(user._id);
  if (!id || typeof token !== 'string' || !token) return null;
  const expires =
    typeof expiration === 'string' || typeof expiration === 'number' ? new Date(expiration).getTime() : Number.NaN;
  if (!(expires > now)) return null;
  const restored: User = {
    _id: id,
    name: text(user.name),
    // Accounts made by phone have no e-mail; a session stored before contact channels existed reads as e-mail.
    email: typeof user.email === 'string' ? user.email : null,
    phone: text(user.phone),
    // A session stored before proven mobiles were shown reads as none proven, until the next sign-in or edit.
    verifiedPhone: typeof user.verifiedPhone === 'string' ? user.verifiedPhone : null,
    role: user.role === true,
    contactChannel: (CONTACT_CHANNELS as readonly unknown[]).includes(user.contactChannel)
      ? (user.contactChannel as ContactChannel)
      : 'email',
    cartReminders: user.cartReminders === true,
  };
  return { user: restored, token, expiration: new Date(expires).toISOString() };
}
