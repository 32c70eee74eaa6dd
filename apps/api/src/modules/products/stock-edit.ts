import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A merchant's edit of a stock count (a product's, a variant's), from the product form, the variants grid or the
 * CSV import (docs/decisions/stock-edits.md). An editor that says which stock it loaded edits by the difference, so
 * the units sold (and given back by cancellations) between loading and saving are kept; one that does not (an older
 * client, a hand-made file, the spec's plain form) sets the stock as it always did.
 */
export type StockEdit = { set: number } | { add: number };

/** What saving `sent` does to the stock, given the stock the editor `loaded`; null: it leaves the stock alone. */
export function stockEdit(sent: number, loaded: number | undefined): StockEdit | null {
  if (loaded === undefined) return { set: sent };
  return sent === loaded ? null : { add: sent - loaded };
}

/** The stock once `edit` is applied to `current`, as the UPDATE computes it (`stockValue`): never below 0. */
export function stockAfter(current: number, edit: StockEdit | null): number {
  if (!edit) return current;
  return 'set' in edit ? edit.set : Math.max(0, current + edit.add);
}

/**
 * Units added to a stock column in the UPDATE itself, which reads the row as it is once locked: a checkout that
 * committed a moment before is counted, never overwritten.
 */
export const addedStock = (stock: AnyColumn | SQL, add: number | SQL): SQL => sql`greatest(0, ${stock} + ${add})`;

/** The value an UPDATE gives the `stock` column for an edit that changes it. */
export const stockValue = (stock: AnyColumn, edit: StockEdit): number | SQL =>
  'set' in edit ? edit.set : addedStock(stock, edit.add);
