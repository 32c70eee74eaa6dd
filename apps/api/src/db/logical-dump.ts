import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.js';
import { transaction } from './transaction.js';

/**
 * A database's rows as JSON lines, written and read through the driver: the backup of a PostgreSQL shop
 * where pg_dump is not installed. The schema is not in the dump but named by its migration count; the
 * restore migrates an empty database to that point and loads the rows into it.
 */
export interface DumpHeader {
  migrations: number;
  /** Tables in an order that loads parents before the rows that refer to them. */
  tables: { name: string; columns: string[]; rows: number }[];
}

const BATCH = 500;

/** Public tables, each after the tables its foreign keys point to, with their stored (not generated) columns. */
async function tablesInLoadOrder(db: DbOrTx): Promise<{ name: string; columns: string[] }[]> {
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    order by c.table_name, c.ordinal_position`);
  const refs = await db.execute<{ child: string; parent: string }>(sql`
    select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
    where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`);
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows)
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  const parents = (table: string) =>
    refs.rows.filter((r) => r.child.replace(/"/g, '') === table).map((r) => r.parent.replace(/"/g, ''));
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    for (const parent of parents(table)) visit(parent);
    ordered.push(table);
  };
  for (const table of [...byTable.keys()].sort()) visit(table);
  return ordered.map((name) => ({ name, columns: byTable.get(name) ?? [] }));
}

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** Writes every row, read in one snapshot, to `file`: a header line, then one JSON object per row. */
export async function writeLogicalDump(db: Db, file: string): Promise<void> {
  await transaction(
    db,
    async (tx) => {
      // The shop's connections stop a statement after 30 s; reading a large table whole may take longer.
      await tx.execute(sql`set local statement_timeout = 0`);
      const migrations = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const header: DumpHeader = { migrations: migrations.rows[0]?.n ?? 0, tables: [] };
      const body: string[] = [];
      for (const table of await tablesInLoadOrder(tx)) {
        const rows = await tx.execute<{ row: string }>(
          sql.raw(`select row_to_json(t)::text as row from (select ${quoted(table.columns)} from "${table.name}") t`),
        );
        header.tables.push({ ...table, rows: rows.rows.length });
        for (const { row } of rows.rows) body.push(row);
      }
      fs.writeFileSync(file, `${JSON.stringify(header)}\n${body.join('\n')}\n`);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function readDumpHeader(file: string): DumpHeader {
  const text = fs.readFileSync(file, 'utf8');
  return JSON.parse(text.slice(0, text.indexOf('\n'))) as DumpHeader;
}

/**
 * Loads a dump into a database migrated to the dump's schema, in one transaction. User triggers are off
 * meanwhile: the rows are what the triggers made already (stock taken, search words), not new events. The
 * tables are emptied first: some migrations insert rows (the built-in staff roles), and the dump holds those
 * rows as the shop last had them.
 */
export async function loadLogicalDump(db: Db, file: string): Promise<void> {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const header = JSON.parse(lines[0] ?? '{}') as DumpHeader;
  let next = 1;
  await transaction(db, async (tx) => {
    await tx.execute(sql.raw(`truncate table ${quoted(header.tables.map((table) => table.name))}`));
    for (const table of header.tables) {
      const rows = lines.slice(next, next + table.rows);
      next += table.rows;
      await tx.execute(sql.raw(`alter table "${table.name}" disable trigger user`));
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = `[${rows.slice(i, i + BATCH).join(',')}]`;
        await tx.execute(
          sql`insert into ${sql.identifier(table.name)} (${sql.raw(quoted(table.columns))}) select ${sql.raw(quoted(table.columns))} from json_populate_recordset(null::${sql.identifier(table.name)}, ${batch}::json)`,
        );
      }
      await tx.execute(sql.raw(`alter table "${table.name}" enable trigger user`));
      // Serial ids go on after the restored ones.
      const serials = await tx.execute<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table.name} and column_default like 'nextval%'`,
      );
      for (const { column_name: column } of serials.rows) {
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('"${table.name}"', '${column}'), coalesce(max("${column}"), 0) + 1, false) from "${table.name}"`,
          ),
        );
      }
    }
  });
}
