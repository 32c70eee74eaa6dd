import { and, eq, sql } from 'drizzle-orm';
import {
  say,
  render,
  IMPORT_REJECTIONS_PAGE_SIZE,
  type Language,
  type ProductImport,
  type ProductImportCounts,
  type ProductImportRejections,
} from '@shop/contracts';
import type { DbOrTx } from '../../../db/client.js';
import { cairoDay } from '../../../lib/clock.js';
import { productImports } from '../../../db/schema.js';
import { auditAdmin, type Actor } from '../../../lib/admin-audit.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { isId } from '../../../lib/validation.js';
import type { Deps } from '../../deps.js';
import { addCounts, countsOf, NO_COUNTS, type Report } from './job.js';
import { fileRows } from './parse.js';
import { planBatch } from './plan.js';
import { rowChecker, type Rejection } from './validate.js';
import { IMPORT_BATCH } from './worker.js';
import { transaction } from '../../../db/transaction.js';

export interface Upload {
  fileName: string;
  bytes: Buffer;
  createMissing: boolean;
}

const jobFields = {
  id: productImports.id,
  fileName: productImports.fileName,
  status: productImports.status,
  createMissing: productImports.createMissing,
  totalRows: productImports.totalRows,
  doneRows: productImports.doneRows,
  // Not the whole report: its list of rejected rows is read a page at a time.
  check: sql<Report['check']>`${productImports.report}->'check'`,
  result: productImports.result,
  createdAt: productImports.createdAt,
  finishedAt: productImports.finishedAt,
};

type JobRow = Awaited<ReturnType<typeof readJob>>;

const readJob = async (db: DbOrTx, id: string) => {
  const [row] = isId(id) ? await db.select(jobFields).from(productImports).where(eq(productImports.id, id)) : [];
  if (!row) throw notFound('Resource');
  return row;
};

const toDto = (row: JobRow, language: Language): ProductImport => ({
  _id: row.id,
  fileName: row.fileName,
  status: row.status as ProductImport['status'],
  createMissing: row.createMissing,
  totalRows: row.totalRows,
  doneRows: row.doneRows,
  check: row.check,
  result: row.result as ProductImportCounts | null,
  error: row.status === 'failed' ? render(say.api.importStopped(row.doneRows, row.totalRows), language) : null,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

/** CSV imports of products: the dry run on upload, then applying it in the background (worker.ts). */
export function productImportsService(deps: Pick<Deps, 'db' | 'config' | 'clock' | 'productImports'>) {
  const { db } = deps;

  /** Reads the whole file against the catalogue as it is, writing nothing. */
  async function dryRun(upload: Upload): Promise<{ report: Report; totalRows: number }> {
    const check = rowChecker(deps.config.PUBLIC_URL, cairoDay(deps.clock.now()));
    const report: Report = { check: { ...NO_COUNTS, newDepartments: [], newCategories: [] }, rejections: [] };
    const departments = new Set<string>();
    const categories = new Set<string>();
    let totalRows = 0;
    for await (const rows of fileRows(upload.bytes, IMPORT_BATCH)) {
      totalRows += rows.length;
      const plan = await planBatch(db, check(rows).items, { createMissing: upload.createMissing, apply: false });
      report.check = { ...report.check, ...addCounts(report.check, countsOf(plan)) };
      report.rejections.push(...plan.rejections);
      // A department or category to create may be named by rows of several batches.
      for (const name of plan.newDepartments)
        if (!departments.has(name.toLowerCase())) {
          departments.add(name.toLowerCase());
          report.check.newDepartments.push(name);
        }
      for (const category of plan.newCategories) {
        const key = `${category.department}/${category.name}`.toLowerCase();
        if (!categories.has(key)) {
          categories.add(key);
          report.check.newCategories.push(category);
        }
      }
    }
    return { report, totalRows };
  }

  /** The dry run of an uploaded file, kept with the file until it is applied. */
  async function check(upload: Upload, actor: Actor, language: Language): Promise<ProductImport> {
    const { report, totalRows } = await dryRun(upload);
    const id = await transaction(db, async (tx) => {
      const [row] = await tx
        .insert(productImports)
        .values({
          status: 'checked',
          fileName: upload.fileName,
          csv: upload.bytes,
          createMissing: upload.createMissing,
          report,
          totalRows,
          createdBy: actor.user.id,
        })
        .returning({ id: productImports.id });
      if (!row) throw new Error('product import insert returned no row');
      const { newDepartments, newCategories, ...counts } = report.check;
      await auditAdmin(tx, actor, 'product_import_check', `checked product import ${upload.fileName}`, {
        id: row.id,
        rows: totalRows,
        ...counts,
        newDepartments: newDepartments.length,
        newCategories: newCategories.length,
      });
      return row.id;
    });
    return toDto(await readJob(db, id), language);
  }

  /** Queues a checked import; any instance's worker takes it, this one's at once. */
  async function apply(id: string, actor: Actor, language: Language): Promise<ProductImport> {
    const job = await readJob(db, id);
    // Answered as it stands when queued: a worker may take it the moment the transaction commits.
    const queuedJob = await transaction(db, async (tx) => {
      const [queued] = await tx
        .update(productImports)
        .set({ status: 'queued' })
        .where(and(eq(productImports.id, job.id), eq(productImports.status, 'checked')))
        .returning({ id: productImports.id });
      if (!queued) throw conflict(say.api.importNotCheckable);
      await auditAdmin(tx, actor, 'product_import_apply', `applied product import ${job.fileName}`, {
        id: job.id,
        rows: job.totalRows,
      });
      return readJob(tx, id);
    });
    deps.productImports.wake();
    return toDto(queuedJob, language);
  }

  const one = async (id: string, language: Language) => toDto(await readJob(db, id), language);

  /** A page of the rejected rows, by line. */
  async function rejections(id: string, page: number, language: Language): Promise<ProductImportRejections> {
    const job = await readJob(db, id);
    const list = sql`${productImports.report}->'rejections'`;
    const [row] = (
      await db.execute<{ total: number; page: Rejection[] | null }>(sql`
        select jsonb_array_length(${list}) as total,
          (select jsonb_agg(p.r order by (p.r->>'line')::int) from (
            select r from jsonb_array_elements(${list}) r order by (r->>'line')::int
            limit ${IMPORT_REJECTIONS_PAGE_SIZE} offset ${(page - 1) * IMPORT_REJECTIONS_PAGE_SIZE}
          ) p) as page
        from ${productImports} where ${productImports.id} = ${job.id}`)
    ).rows;
    const total = Number(row?.total ?? 0);
    return {
      rejections: (row?.page ?? []).map((rejection) => ({
        line: rejection.line,
        problems: rejection.problems.map((problem) => ({
          column: problem.column,
          reason: render(problem.message, language),
        })),
      })),
      total,
      pages: Math.max(1, Math.ceil(total / IMPORT_REJECTIONS_PAGE_SIZE)),
    };
  }

  return { check, apply, one, rejections };
}
