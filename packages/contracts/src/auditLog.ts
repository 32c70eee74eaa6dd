import { z } from 'zod';
import { AUDIT_TYPES } from './constants.js';
import { anyWhenBlank, pageQuery } from './fields.js';

/** The dashboard's log: a page, a type of entry, and whose (a user id, or part of an e-mail address or phone). */
export const auditLogQuerySchema = z.object({
  page: pageQuery,
  type: anyWhenBlank(z.enum(AUDIT_TYPES)),
  user: anyWhenBlank(z.string().trim().min(1).max(200)),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  _id: z.string(),
  type: z.enum(AUDIT_TYPES),
  action: z.string(),
  /** The API's English sentence; the dashboard says a known action in its own words from `data`. */
  message: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** The account's phone when the entry was written: an account made by phone has no e-mail. */
  userPhone: z.string().nullable(),
  /** What the entry is about, as the API wrote it with the action (order ids, amounts in EGP, names). */
  data: z.unknown(),
  ip: z.string().nullable(),
  /** The staff member who wrote it and their role then; null for shoppers' and the shop's own entries. */
  userName: z.string().nullable(),
  userRole: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.output<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  logs: z.array(auditLogEntrySchema),
  pages: z.number().int(),
  total: z.number().int(),
});
export type AuditLogPage = z.output<typeof auditLogPageSchema>;
