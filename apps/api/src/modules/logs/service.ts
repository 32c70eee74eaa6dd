import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AuditLogPage, AuditLogQuery, AuditType } from '@shop/contracts';
import { auditLogs } from '../../db/schema.js';
import type { Deps } from '../deps.js';

const LOGS_PAGE_SIZE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The user's text is matched literally: % and _ are not wildcards for them. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function logsService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  async function list(query: AuditLogQuery): Promise<AuditLogPage> {
    const filters: SQL[] = [];
    if (query.type) filters.push(eq(auditLogs.type, query.type));
    if (query.user) {
      const part = `%${likeEscape(query.user)}%`;
      const whose: SQL[] = [ilike(auditLogs.userEmail, part), ilike(auditLogs.userPhone, part)];
      if (UUID.test(query.user)) whose.push(eq(auditLogs.userId, query.user));
      const anyOf = or(...whose);
      if (anyOf) filters.push(anyOf);
    }
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(LOGS_PAGE_SIZE)
        .offset((query.page - 1) * LOGS_PAGE_SIZE),
      db.select({ n: count() }).from(auditLogs).where(where),
    ]);
    const n = total?.n ?? 0;
    return {
      logs: rows.map((r) => ({
        _id: String(r.id),
        // Written only as an AuditType (lib/audit.ts).
        type: r.type as AuditType,
        action: r.action,
        message: r.message,
        userId: r.userId,
        userEmail: r.userEmail,
        userPhone: r.userPhone,
        data: r.data,
        ip: r.ip,
        userName: r.userName,
        userRole: r.userRole,
        createdAt: r.createdAt.toISOString(),
      })),
      // At least one page, so a pager never shows 'page 1 of 0'.
      pages: Math.max(1, Math.ceil(n / LOGS_PAGE_SIZE)),
      total: n,
    };
  }

  return { list };
}
