import type { AuditAction, Permission } from '@shop/contracts';
import type { DbOrTx } from '../db/client.js';
import { accountName, audit } from './audit.js';

/** The signed-in caller of a change and where it came from, for permission checks and the audit log. */
export interface Actor {
  user: { id: string; name: string; email: string | null; role: boolean; permissions: readonly Permission[] };
  ip: string;
}

/**
 * One 'admin' audit row ("{email} {what}", the name for a member made by phone); pass the transaction so it lands
 * with the change or not at all. The member's name and role are added to it by the database (db/sql/staff.sql).
 */
export function auditAdmin(
  db: DbOrTx,
  actor: Actor,
  action: AuditAction,
  what: string,
  data: Record<string, unknown>,
): Promise<void> {
  return audit(db, {
    type: 'admin',
    action,
    message: `${accountName(actor.user)} ${what}`,
    userId: actor.user.id,
    userEmail: actor.user.email,
    data,
    ip: actor.ip,
  });
}
