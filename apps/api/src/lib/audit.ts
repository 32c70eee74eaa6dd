import { sql } from 'drizzle-orm';
import type { AuditAction, AuditType } from '@shop/contracts';
import { placeholders } from '../db/placeholders.js';
import type { DbOrTx } from '../db/client.js';
import { auditLogs } from '../db/schema.js';

export interface AuditEntry {
  type: AuditType;
  action: AuditAction;
  message: string;
  userId?: string | null;
  userEmail?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

const insertEntry = (db: DbOrTx) =>
  db
    .insert(auditLogs)
    .values({
      ...placeholders(['type', 'action', 'message', 'userId', 'userEmail', 'ip']),
      // As given, not through the column's encoder, which would write a missing entry as JSON's null.
      data: sql`${sql.placeholder('data')}`,
    })
    .prepare('audit_entry');

/**
 * How an entry's English sentence names an account: by e-mail, or by name for an account made by phone, which has
 * none (the entry's `userPhone` names it to the dashboard).
 */
export const accountName = (user: { email: string | null; name: string }): string => user.email ?? user.name;

/**
 * An entry's row. The staff member's name and role (db/sql/staff.sql) and the phone of an account made by phone
 * (db/sql/audit-log.sql) are filled in by the database.
 */
const rowOf = (entry: AuditEntry) =>
  ({
    type: entry.type,
    action: entry.action,
    message: entry.message,
    userId: entry.userId ?? null,
    userEmail: entry.userEmail ?? null,
    data: entry.data ?? null,
    ip: entry.ip ?? null,
  }) satisfies Required<
    Omit<typeof auditLogs.$inferInsert, 'id' | 'createdAt' | 'userName' | 'userRole' | 'userPhone'>
  >;

/** Writes one audit-log row; pass the transaction so the log lands with the change or not at all. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await insertEntry(db).execute(rowOf(entry));
}

/** Many audit-log rows in one insert, for a pass writing one per row of its batch while it holds their locks. */
export async function auditAll(db: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length) await db.insert(auditLogs).values(entries.map(rowOf));
}
