import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import { createPgDatabase } from '../pg-database.js';
import { freshDatabase } from '../harness.js';
import { allRows, tableColumns } from '../db-rows.js';
import { schemaOf } from '../db-schema.js';
import { journal, migrationsFolder, MIGRATIONS } from '../../src/db/migrations-folder.js';
import { applyRepeatableSql } from '../../src/db/repeatable-sql.js';
import { fillBaseline } from './baseline-data.js';
import { ADDRESS } from '../fixtures.js';
import { auditLogs, orders } from '../../src/db/schema.js';

/**
 * A shop made by the first release (the baseline migration only) and filled with data is brought to
 * the newest schema: every row of every table is still there, unchanged. A database of every release
 * that defined, replaced or dropped a function or trigger, brought to the newest schema, has the schema
 * of a fresh one. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

interface Place {
  env: Record<string, string>;
  open(migrationsFolder?: string): Promise<Database>;
  drop(): Promise<void>;
}

/** An empty database of the kind this run tests, which can be opened again after closing. */
async function emptyPlace(): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-upgrade-'));
  if (pgUrl) {
    const created = await createPgDatabase(pgUrl);
    return {
      env: { DATABASE_URL: created.url, DATA_DIR: dataDir },
      open: (migrationsFolder) => openDatabase({ databaseUrl: created.url, poolMax: 2, migrationsFolder }),
      drop: async () => {
        await created.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return {
    env: { DATA_DIR: dataDir },
    open: (migrationsFolder) => openDatabase({ dataDir: path.join(dataDir, 'pglite'), migrationsFolder }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The releases whose last migration defines, replaces or drops a function or trigger (a count of migrations). */
const RELEASES_CHANGING_SQL = journal().entries.flatMap((entry, index) =>
  /\b(?:CREATE|DROP)\b[^;]*?\b(?:FUNCTION|TRIGGER)\b/i.test(
    fs.readFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), 'utf8'),
  )
    ? [index + 1]
    : [],
);

/** What openDatabase runs on a database: the migrations of `folder`, then db/sql if the folder is this build's. */
async function migrateAs(database: Database, folder: string) {
  const { migrate } =
    database.kind === 'pglite'
      ? await import('drizzle-orm/pglite/migrator')
      : await import('drizzle-orm/node-postgres/migrator');
  await migrate(database.db as never, { migrationsFolder: folder });
  await applyRepeatableSql(database.db, folder);
}

/** Empties the database: no schema, no extension, no bookkeeping of migrations. */
async function emptied(db: Db) {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
}

const hasRepeatableSql = async (db: Db) =>
  (await db.execute<{ table: string | null }>(sql`select to_regclass('drizzle.__repeatable_sql')::text as table`))
    .rows[0]?.table != null;

const appliedMigrations = async (database: Database) =>
  (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]
    ?.n;

describe(`upgrading a database of an older release (${pgUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let place: Place | undefined;
  const folders: string[] = [];
  afterEach(async () => {
    await place?.drop();
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  const baseline = (extra?: { tag: string; sql: string }) => {
    const folder = migrationsFolder(1, extra);
    folders.push(folder);
    return folder;
  };

  it('keeps every row of every table', async () => {
    place = await emptyPlace();
    const old = await place.open(baseline());
    // The first release had no db/sql: a database made as it was has its functions from 0000 alone.
    expect(await hasRepeatableSql(old.db)).toBe(false);
    await fillBaseline(old.db);
    const columns = await tableColumns(old.db);
    const before = await allRows(old.db, columns);
    await old.close();
    for (const [table, rows] of Object.entries(before)) expect(rows.length, `${table} has rows`).toBeGreaterThan(0);

    const upgraded = await place.open();
    expect(await appliedMigrations(upgraded)).toBe(journal().entries.length);
    expect(await hasRepeatableSql(upgraded.db)).toBe(true);
    expect(await allRows(upgraded.db, columns)).toEqual(before);
    // The newest schema is in place: the generated-secret table of migration 0001 answers.
    expect((await upgraded.db.execute(sql`select count(*)::int as n from app_secrets`)).rows).toEqual([{ n: 0 }]);
    // Migration 0031 made the spec's admins (role true) owners, and left shoppers out of the staff.
    const staff = await upgraded.db.execute<{ name: string; staff_role: string | null }>(
      sql`select name, staff_role from users order by created_at`,
    );
    expect(staff.rows).toEqual([
      { name: 'Hoda Kamel', staff_role: 'owner' },
      { name: 'مريم عادل', staff_role: null },
    ]);
    // Migration 0017 wrote down every word of the products there were, which search turns prefixes into.
    const words = await upgraded.db.execute<{ words: number; missing: number }>(sql`
      select count(*)::int as words, count(*) filter (where not exists (
          select 1 from search_lexemes where search_lexemes.lexeme = word.lexeme))::int as missing
      from (select distinct unnest(tsvector_to_array(search)) as lexeme from products) as word`);
    expect(words.rows[0]?.words).toBeGreaterThan(0);
    expect(words.rows[0]?.missing).toBe(0);
    // Migration 0026 marked the words some product has outside its name and brand only, and no others.
    const marks = await upgraded.db.execute<{ posted: number; unposted: number; wrong: number }>(sql`
      select count(*) filter (where not unposted)::int as posted, count(*) filter (where unposted)::int as unposted,
        count(*) filter (where unposted is distinct from lexeme in (
          select word.lexeme from products, unnest(search) as word where not coalesce(word.weights && '{A,B}', false)
        ))::int as wrong
      from search_lexemes`);
    expect(marks.rows[0]).toMatchObject({ wrong: 0 });
    expect(marks.rows[0]?.posted).toBeGreaterThan(0);
    expect(marks.rows[0]?.unposted).toBeGreaterThan(0);
    await upgraded.close();
    // PGlite opens a data directory in seconds, twice here: slow machines need the room.
  }, 240_000);

  it('a database of each release that changed a function or trigger upgrades to the schema of a fresh one', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const fresh = await schemaOf(database.db);
      expect(RELEASES_CHANGING_SQL.length).toBeGreaterThan(10);
      // One database, emptied and made again for each release: a PGlite opens in seconds, and this takes one each.
      for (const release of RELEASES_CHANGING_SQL) {
        await emptied(database.db);
        const folder = migrationsFolder(release);
        folders.push(folder);
        await migrateAs(database, folder);
        expect(await hasRepeatableSql(database.db), `release ${release} made without db/sql`).toBe(false);
        await migrateAs(database, MIGRATIONS);
        expect(await schemaOf(database.db), `a database of release ${release}, upgraded`).toEqual(fresh);
      }
    } finally {
      await database.close();
      await drop();
    }
  }, 240_000);

  it('0050 marks the deposits a provider refused refund_failed, and leaves those a stopped process left to give back', async () => {
    place = await emptyPlace();
    const folder = migrationsFolder(journal().entries.findIndex((e) => e.tag === '0050_deposit_refund_failed'));
    folders.push(folder);
    const old = await place.open(folder);
    // In SQL: schema.ts's orders and audit_logs have columns this release's lack.
    const deposit = async (depositState: string) => {
      const { rows } = await old.db.execute<{ id: string }>(sql`
        insert into orders (status, payment_method, items_total, shipping, cod_fee, bill, deposit, deposit_state,
          delivery_address)
        values ('cancelled', 'cash', 20000, 2100, 900, 23000, 3000, ${depositState}, ${ADDRESS}) returning id`);
      return rows[0];
    };
    const [refused, left, given] = [await deposit('refunding'), await deposit('refunding'), await deposit('refunded')];
    if (!refused || !left || !given) throw new Error('no orders');
    for (const { id } of [refused, given])
      await old.db.execute(sql`
        insert into audit_logs (type, action, message, data) values ('payment', 'deposit_refund_failed',
          ${`The deposit of cancelled order ${id} could not be given back: refund it by hand`}, ${{ orderId: id }})`);
    await old.close();

    const upgraded = await place.open();
    const states = await upgraded.db.select({ id: orders.id, depositState: orders.depositState }).from(orders);
    expect(Object.fromEntries(states.map((o) => [o.id, o.depositState]))).toEqual({
      [refused.id]: 'refund_failed',
      [left.id]: 'refunding',
      [given.id]: 'refunded',
    });
    await upgraded.close();
  }, 240_000);

  it('0056-0057 give older entries of an account made by phone its phone, and no other entry one', async () => {
    place = await emptyPlace();
    const folder = migrationsFolder(journal().entries.findIndex((e) => e.tag === '0056_audit_logs_user_phone'));
    folders.push(folder);
    const old = await place.open(folder);
    const { rows } = await old.db.execute<{ id: string }>(sql`
      insert into users (name, email, phone, password_hash) values
        ('Phone Person', null, '01012345678', null), ('Mail Person', 'mail@example.com', '01087654321', 'x')
      returning id`);
    const [byPhone, byEmail] = rows;
    if (!byPhone || !byEmail) throw new Error('no users');
    // The shop's own entry about an order names no one: its writer gave no e-mail.
    await old.db.execute(sql`
      insert into audit_logs (type, action, message, user_id) values
        ('auth', 'phone_register', 'registered', ${byPhone.id}),
        ('order', 'order_confirmation_timeout', 'not confirmed', ${byEmail.id}),
        ('admin', 'seed_demo', 'seeded', null)`);
    await old.close();

    const upgraded = await place.open();
    const entries = await upgraded.db
      .select({ action: auditLogs.action, userPhone: auditLogs.userPhone })
      .from(auditLogs)
      .orderBy(auditLogs.id);
    expect(entries).toEqual([
      { action: 'phone_register', userPhone: '01012345678' },
      { action: 'order_confirmation_timeout', userPhone: null },
      { action: 'seed_demo', userPhone: null },
    ]);
    await upgraded.close();
  }, 240_000);

  it('0061 gives reviews.manage to the custom roles with catalogue.write, once, and to no other', async () => {
    place = await emptyPlace();
    const folder = migrationsFolder(journal().entries.findIndex((e) => e.tag === '0061_review_replies'));
    folders.push(folder);
    const old = await place.open(folder);
    // The last: a role that somehow holds reviews.manage already keeps it once.
    await old.db.execute(sql`
      insert into staff_roles (key, name, permissions) values
        ('shelves', 'Shelves', '{catalogue.write,orders.read}'), ('desk', 'Desk', '{orders.read}'),
        ('given', 'Given', '{catalogue.write,reviews.manage}')`);
    await old.close();

    const upgraded = await place.open();
    const roles = await upgraded.db.execute<{ key: string; permissions: string[] }>(
      sql`select key, permissions from staff_roles where key in ('desk', 'given', 'shelves') order by key`,
    );
    expect(roles.rows).toEqual([
      { key: 'desk', permissions: ['orders.read'] },
      { key: 'given', permissions: ['catalogue.write', 'reviews.manage'] },
      { key: 'shelves', permissions: ['catalogue.write', 'orders.read', 'reviews.manage'] },
    ]);
    await upgraded.close();
  }, 240_000);

  it('a failing migration leaves the database as it was, and `npm run migrate` exits with the error', async () => {
    place = await emptyPlace();
    const old = await place.open(baseline());
    await fillBaseline(old.db);
    const before = await allRows(old.db);
    await old.close();

    const broken = baseline({
      tag: '0001_broken',
      sql: "CREATE TABLE half_done (id integer);\n--> statement-breakpoint\nUPDATE users SET name = 'changed';\n--> statement-breakpoint\nALTER TABLE no_such_table ADD COLUMN x integer;",
    });
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts', '--folder', broken], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...place.env },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no_such_table');
    expect(run.stderr).toContain('left as it was');

    const after = await place.open(baseline());
    expect(await appliedMigrations(after)).toBe(1);
    expect(await allRows(after.db)).toEqual(before);
    await after.close();
  }, 240_000);
});
