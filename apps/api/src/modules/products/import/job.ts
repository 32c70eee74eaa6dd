import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { ProductImportCounts } from '@shop/contracts';
import type { Db } from '../../../db/client.js';
import { productImports } from '../../../db/schema.js';
import { planBatch, type NewCategory, type Plan } from './plan.js';
import type { CheckedBatch, Rejection } from './validate.js';
import { writePlan } from './write.js';
import { transaction } from '../../../db/transaction.js';

/** The dry run's verdict, kept as the import's `report` with every rejected row. */
export interface Report {
  check: ProductImportCounts & { newDepartments: string[]; newCategories: NewCategory[] };
  rejections: Rejection[];
}

export const NO_COUNTS: ProductImportCounts = { add: 0, update: 0, unchanged: 0, reject: 0 };

export const countsOf = (plan: Plan): ProductImportCounts => ({
  add: plan.adds.length,
  update: plan.updates.length,
  unchanged: plan.unchanged,
  reject: plan.rejections.length,
});

export const addCounts = (a: ProductImportCounts, b: ProductImportCounts): ProductImportCounts => ({
  add: a.add + b.add,
  update: a.update + b.update,
  unchanged: a.unchanged + b.unchanged,
  reject: a.reject + b.reject,
});

/** An import this worker holds: how far it got and the lease it holds it under (renewed by every batch). */
export interface Claim {
  id: string;
  csv: Buffer;
  createMissing: boolean;
  doneRows: number;
  leaseUntil: Date;
  /** The lines the dry run rejected: a row rejected again when applied is not listed twice. */
  rejectedLines: Set<number>;
}

/**
 * Takes the oldest import waiting to be applied, or one whose worker stopped holding it (its lease ran
 * out: a crash, a restart), for this worker alone: the row is locked while it is marked, and rows other
 * workers are marking are skipped.
 */
export async function claimNext(db: Db, now: Date, leaseUntil: Date): Promise<Claim | undefined> {
  const due = db
    .select({ id: productImports.id })
    .from(productImports)
    .where(
      and(
        inArray(productImports.status, ['queued', 'running']),
        or(eq(productImports.status, 'queued'), lt(productImports.leaseUntil, now)),
      ),
    )
    .orderBy(productImports.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(productImports)
    .set({ status: 'running', leaseUntil, startedAt: sql`coalesce(${productImports.startedAt}, ${now})` })
    .where(inArray(productImports.id, due))
    .returning({
      id: productImports.id,
      csv: productImports.csv,
      createMissing: productImports.createMissing,
      doneRows: productImports.doneRows,
    });
  if (!job) return undefined;
  const lines = await db.execute<{ line: number }>(
    sql`select (r->>'line')::int as line from ${productImports}, jsonb_array_elements(${productImports.report}->'rejections') r where ${productImports.id} = ${job.id}`,
  );
  return { ...job, leaseUntil, rejectedLines: new Set(lines.rows.map((row) => Number(row.line))) };
}

/** Only the worker holding the lease may move the import on. */
const held = (claim: Claim) =>
  and(
    eq(productImports.id, claim.id),
    eq(productImports.status, 'running'),
    eq(productImports.leaseUntil, claim.leaseUntil),
  );

/**
 * Applies the next rows of the import (those after `claim.doneRows`), exactly once: in one transaction
 * with the count of rows done, under the import's row lock, and only if the import is still this
 * worker's and still at that count. Rows are judged again against the catalogue as it is now; one
 * rejected now that the dry run let through joins the report. The catalogue triggers stay quiet: the
 * change is announced once, when the import ends. False when the import is no longer this worker's.
 */
export async function applyBatch(db: Db, claim: Claim, batch: CheckedBatch, leaseUntil: Date) {
  const applied = await transaction(db, async (tx) => {
    const [job] = await tx
      .select({ doneRows: productImports.doneRows, result: productImports.result })
      .from(productImports)
      .where(held(claim))
      .for('update');
    if (!job || job.doneRows !== claim.doneRows) return false;
    await tx.execute(sql`select set_config('shop.catalogue_quiet', 'on', true)`);
    const plan = await planBatch(tx, batch.items, { createMissing: claim.createMissing, apply: true });
    await writePlan(tx, plan);
    const newlyRejected = plan.rejections.filter((rejection) => !claim.rejectedLines.has(rejection.line));
    const result = addCounts((job.result as ProductImportCounts | null) ?? NO_COUNTS, countsOf(plan));
    await tx
      .update(productImports)
      .set({
        doneRows: claim.doneRows + batch.rows,
        leaseUntil,
        result,
        ...(newlyRejected.length && {
          report: sql`jsonb_set(${productImports.report}, '{rejections}', (${productImports.report}->'rejections') || ${JSON.stringify(newlyRejected)}::jsonb)`,
        }),
      })
      .where(eq(productImports.id, claim.id));
    return true;
  });
  if (applied) {
    claim.doneRows += batch.rows;
    claim.leaseUntil = leaseUntil;
  }
  return applied;
}

/**
 * Ends the import (done, or failed with the error that stopped it) and announces the catalogue's change,
 * once for the whole import. The file is dropped: it was only kept to be applied.
 */
export async function endImport(db: Db, claim: Claim, now: Date, error?: string): Promise<void> {
  await transaction(db, async (tx) => {
    const [ended] = await tx
      .update(productImports)
      .set({
        status: error === undefined ? 'done' : 'failed',
        error: error?.slice(0, 2000) ?? null,
        finishedAt: now,
        leaseUntil: null,
        csv: Buffer.alloc(0),
      })
      .where(held(claim))
      .returning({ id: productImports.id });
    if (ended) await tx.execute(sql`select pg_notify('catalogue', 'products')`);
  });
}

/** Lets another worker (or this one after a restart) take the import at once, from where it stopped. */
export async function releaseImport(db: Db, claim: Claim, now: Date): Promise<void> {
  await db.update(productImports).set({ leaseUntil: now }).where(held(claim));
}

/** Imports checked but never applied are dropped after a while, with the files they keep. */
export async function dropUnapplied(db: Db, before: Date): Promise<void> {
  await db
    .delete(productImports)
    .where(and(eq(productImports.status, 'checked'), lt(productImports.createdAt, before)));
}
