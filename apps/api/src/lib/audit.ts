import type { AuditType } from '@shop/contracts';
import type { DbOrTx } from '../db/client.js';
import { auditLogs } from '../db/schema.js';

export interface AuditEntry {
  type: AuditType;
  action: string;
  message: string;
  userId?: string | null;
  userEmail?: string | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes one audit-log row; pass the transaction so the log lands with the change or not at all. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db
    .insert(auditLogs)
    .values({
      type: entry.type,
      action: entry.action,
      message: entry.message,
      userId: entry.userId ?? null,
      userEmail: entry.userEmail ?? null,
      data: entry.data ?? null,
      ip: entry.ip ?? null,
    })
    .prepare('audit_entry')
    .execute();
}
