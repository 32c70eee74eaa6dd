import { asc, eq } from 'drizzle-orm';
import { say, type Department, type DepartmentInput } from '@shop/contracts';
import { departments } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { FOREIGN_KEY_VIOLATION, mapDbError, UNIQUE_VIOLATION } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';
import { dropCouponTarget } from '../coupons/targets.js';

const toDto = (d: { id: string; name: string; nameAr: string | null }): Department => ({
  _id: d.id,
  name: d.name,
  nameAr: d.nameAr,
});
const returned = { id: departments.id, name: departments.name, nameAr: departments.nameAr };

export function departmentsService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  async function list(): Promise<Department[]> {
    const rows = await db.select(returned).from(departments).orderBy(asc(departments.name));
    return rows.map(toDto);
  }

  /** A malformed id names nothing, like an unknown one. */
  async function find(id: string): Promise<Department> {
    if (!isId(id)) throw notFound('Department');
    const [row] = await db.select(returned).from(departments).where(eq(departments.id, id));
    if (!row) throw notFound('Department');
    return toDto(row);
  }

  async function create(input: DepartmentInput, actor: Actor): Promise<Department> {
    return transaction(db, async (tx) => {
      const [row] = await tx.insert(departments).values(input).onConflictDoNothing().returning(returned);
      if (!row) throw conflict(say.api.departmentExists);
      await auditAdmin(tx, actor, 'department_create', `created department ${row.name}`, {
        id: row.id,
        name: row.name,
      });
      return toDto(row);
    });
  }

  async function rename(id: string, input: DepartmentInput, actor: Actor): Promise<Department> {
    return transaction(db, async (tx) => {
      const [row] = await tx
        .update(departments)
        .set(input)
        .where(eq(departments.id, id))
        .returning(returned)
        .catch(mapDbError({ [UNIQUE_VIOLATION]: conflict(say.api.departmentExists) }));
      if (!row) throw notFound('Department');
      await auditAdmin(tx, actor, 'department_update', `renamed department ${row.id} to ${row.name}`, {
        id: row.id,
        name: row.name,
      });
      return toDto(row);
    });
  }

  async function remove(id: string, actor: Actor): Promise<{ message: string }> {
    if (!isId(id)) throw notFound('Department');
    return transaction(db, async (tx) => {
      // The categories' foreign key refuses the delete, so a category added meanwhile cannot be orphaned.
      const [row] = await tx
        .delete(departments)
        .where(eq(departments.id, id))
        .returning({ id: departments.id, name: departments.name })
        .catch(mapDbError({ [FOREIGN_KEY_VIOLATION]: conflict(say.api.departmentInUse) }));
      if (!row) throw notFound('Department');
      const couponCodes = await dropCouponTarget(tx, 'departmentIds', row.id);
      await auditAdmin(tx, actor, 'department_delete', `deleted department ${row.name}`, {
        id: row.id,
        name: row.name,
        coupons: couponCodes,
      });
      return { message: say.api.departmentDeleted };
    });
  }

  return { list, find, create, rename, remove };
}
