import { asc, eq } from 'drizzle-orm';
import { say, type Category, type CategoryInput } from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { categories, departments } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { FOREIGN_KEY_VIOLATION, mapDbError, UNIQUE_VIOLATION } from '../../lib/db-errors.js';
import { conflict, notFound } from '../../lib/errors.js';
import { imageUrl, toWebp } from '../../lib/images.js';
import { invalid, isId } from '../../lib/validation.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';
import { dropCouponTarget } from '../coupons/targets.js';

const columns = {
  id: categories.id,
  name: categories.name,
  nameAr: categories.nameAr,
  imagePath: categories.imagePath,
  departmentId: departments.id,
  departmentName: departments.name,
  departmentNameAr: departments.nameAr,
};
const selectCategories = (db: DbOrTx) =>
  db.select(columns).from(categories).innerJoin(departments, eq(departments.id, categories.departmentId)).$dynamic();

type CategoryRow = Awaited<ReturnType<typeof selectCategories>>[number];

const toDto = (c: CategoryRow): Category => ({
  _id: c.id,
  name: c.name,
  nameAr: c.nameAr,
  image_path: c.imagePath,
  department: { _id: c.departmentId, name: c.departmentName, nameAr: c.departmentNameAr },
});

export function categoriesService(deps: Pick<Deps, 'db' | 'images'>) {
  const { db } = deps;

  async function one(tx: DbOrTx, id: string): Promise<Category> {
    const [row] = await selectCategories(tx).where(eq(categories.id, id));
    if (!row) throw notFound('Category');
    return toDto(row);
  }

  async function list(): Promise<Category[]> {
    const rows = await selectCategories(db).orderBy(asc(departments.name), asc(categories.name));
    return rows.map(toDto);
  }

  /** One category with its department; a malformed id names nothing, like an unknown one. */
  async function find(id: string): Promise<Category> {
    if (!isId(id)) throw notFound('Category');
    return one(db, id);
  }

  async function ofDepartment(departmentId: string): Promise<Category[]> {
    if (!isId(departmentId)) return [];
    const rows = await selectCategories(db)
      .where(eq(categories.departmentId, departmentId))
      .orderBy(asc(categories.name));
    return rows.map(toDto);
  }

  const departmentMissing = () => notFound('Department');

  async function create(input: CategoryInput, actor: Actor): Promise<Category> {
    return transaction(db, async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ name: input.name, nameAr: input.nameAr, departmentId: input.department })
        .onConflictDoNothing()
        .returning({ id: categories.id })
        .catch(mapDbError({ [FOREIGN_KEY_VIOLATION]: departmentMissing() }));
      if (!row) throw conflict(say.api.categoryExists);
      const created = await one(tx, row.id);
      await auditAdmin(tx, actor, 'category_create', `created category ${created.name} in ${created.department.name}`, {
        id: row.id,
        ...input,
      });
      return created;
    });
  }

  /** Renames and/or moves a category; its products follow it to the new department (ON UPDATE CASCADE). */
  async function update(input: CategoryInput & { id: string }, actor: Actor): Promise<Category> {
    return transaction(db, async (tx) => {
      const [row] = await tx
        .update(categories)
        .set({ name: input.name, nameAr: input.nameAr, departmentId: input.department })
        .where(eq(categories.id, input.id))
        .returning({ id: categories.id })
        .catch(
          mapDbError({
            [FOREIGN_KEY_VIOLATION]: departmentMissing(),
            [UNIQUE_VIOLATION]: conflict(say.api.categoryExists),
          }),
        );
      if (!row) throw notFound('Category');
      const updated = await one(tx, row.id);
      await auditAdmin(
        tx,
        actor,
        'category_update',
        `updated category ${updated.name} in ${updated.department.name}`,
        input,
      );
      return updated;
    });
  }

  async function remove(id: string, actor: Actor): Promise<{ message: string }> {
    if (!isId(id)) throw notFound('Category');
    return transaction(db, async (tx) => {
      const [row] = await tx
        .delete(categories)
        .where(eq(categories.id, id))
        .returning({ id: categories.id, name: categories.name })
        .catch(mapDbError({ [FOREIGN_KEY_VIOLATION]: conflict(say.api.categoryInUse) }));
      if (!row) throw notFound('Category');
      const couponCodes = await dropCouponTarget(tx, 'categoryIds', row.id);
      await auditAdmin(tx, actor, 'category_delete', `deleted category ${row.name}`, {
        id: row.id,
        name: row.name,
        coupons: couponCodes,
      });
      return { message: say.api.categoryDeleted };
    });
  }

  async function setImage(id: string, files: Buffer[], actor: Actor): Promise<Category> {
    if (!isId(id)) throw notFound('Category');
    const [file] = files;
    if (!file) throw invalid({ img: say.msg.requiredField });
    // Checked before the image work so an upload for a missing category stores nothing.
    await one(db, id);
    const image = await toWebp(file);
    await deps.images.put(image);
    return transaction(db, async (tx) => {
      const [row] = await tx
        .update(categories)
        .set({ imagePath: imageUrl(image.name) })
        .where(eq(categories.id, id))
        .returning({ id: categories.id, name: categories.name });
      if (!row) throw notFound('Category');
      await auditAdmin(tx, actor, 'category_image', `changed the image of category ${id}`, {
        id,
        name: row.name,
        image: image.name,
      });
      return one(tx, id);
    });
  }

  return { list, find, ofDepartment, create, update, remove, setImage };
}
