import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/** Every row of every table of the shop's schema, per table, as sorted JSON text: two databases hold the same data when these are equal. */
export async function allRows(db: Db, columnsOf?: Record<string, string[]>): Promise<Record<string, string[]>> {
  const columns = columnsOf ?? (await tableColumns(db));
  const rows: Record<string, string[]> = {};
  for (const [table, names] of Object.entries(columns)) {
    const list = names.map((name) => `"${name}"`).join(', ');
    const result = await db.execute<{ row: string }>(
      sql.raw(`select row_to_json(t)::text as row from (select ${list} from "${table}") t order by 1`),
    );
    rows[table] = result.rows.map((r) => r.row);
  }
  return rows;
}

/** The tables of the public schema and their columns. */
export async function tableColumns(db: Db): Promise<Record<string, string[]>> {
  const result = await db.execute<{ table_name: string; column_name: string }>(
    sql`select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`,
  );
  const columns: Record<string, string[]> = {};
  for (const { table_name, column_name } of result.rows) (columns[table_name] ??= []).push(column_name);
  return columns;
}
