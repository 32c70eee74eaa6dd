import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/** The functions of the public schema that are the shop's own: an extension's (pg_trgm's) are left out. */
const OWN_FUNCTIONS = sql`from pg_proc p where p.pronamespace = 'public'::regnamespace
  and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

/** The shop's functions (name and argument types) and triggers (table and name), sorted. */
export async function functionsAndTriggers(db: Db): Promise<{ functions: string[]; triggers: string[] }> {
  const functions = await db.execute<{ name: string }>(sql`select p.oid::regprocedure::text as name ${OWN_FUNCTIONS}`);
  const triggers = await db.execute<{ name: string }>(
    sql`select tgrelid::regclass::text || '.' || tgname as name from pg_trigger where not tgisinternal`,
  );
  return { functions: functions.rows.map((r) => r.name).sort(), triggers: triggers.rows.map((r) => r.name).sort() };
}

/**
 * The schema of the public tables as PostgreSQL itself prints it, one line per object, sorted (columns in table
 * order): two databases have the same schema when these are equal, and a failing comparison shows the lines that
 * differ. Tables with their storage options, columns (type, default, nullability, generation, collation), indexes,
 * constraints, extensions, functions (pg_get_functiondef) and triggers (pg_get_triggerdef).
 */
export async function schemaOf(db: Db): Promise<Record<string, string[]>> {
  const lines = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ line: string }>(query)).rows.map((r) => r.line);
  return {
    tables: (
      await lines(sql`select relname || ' ' || coalesce(reloptions::text, '') as line from pg_class
        where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`)
    ).sort(),
    columns: await lines(sql`select table_name || '.' || column_name || ' ' || data_type || ' ' || udt_name
        || ' default ' || coalesce(column_default, '-') || ' nullable ' || is_nullable
        || ' generated ' || coalesce(generation_expression, '-') || ' collate ' || coalesce(collation_name, '-') as line
      from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`),
    indexes: (await lines(sql`select indexdef as line from pg_indexes where schemaname = 'public'`)).sort(),
    constraints: (
      await lines(sql`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
        from pg_constraint where connamespace = 'public'::regnamespace`)
    ).sort(),
    extensions: (await lines(sql`select extname || ' ' || extversion as line from pg_extension`)).sort(),
    functions: (await lines(sql`select pg_get_functiondef(p.oid) as line ${OWN_FUNCTIONS}`)).sort(),
    triggers: (await lines(sql`select pg_get_triggerdef(oid) as line from pg_trigger where not tgisinternal`)).sort(),
  };
}
