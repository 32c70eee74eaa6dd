import type { DbOrTx } from '../db/client.js';
import { audit } from './audit.js';

/** The signed-in caller of a change and where it came from, for permission checks and the audit log. */
export interface Actor {
  user: { id: string; email: string | null; role: boolean };
  ip: string;
}

/** One 'admin' audit row ("{email} {what}"); pass the transaction so it lands with the change or not at all. */
export function auditAdmin(
  db: DbOrTx,
  actor: Actor,
  action: string,
  what: string,
  data: Record<string, unknown>,
): Promise<void> {
  return audit(db, {
    type: 'admin',
    action,
    message: `${actor.user.email} ${what}`,
    userId: actor.user.id,
    userEmail: actor.user.email,
    data,
    ip: actor.ip,
  });
}
