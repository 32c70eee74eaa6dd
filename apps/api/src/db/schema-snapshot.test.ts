import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { schemaOf } from '../../test/db-schema.js';
import { freshDatabase } from '../../test/harness.js';
import type { Db } from './client.js';
import { journal, MIGRATIONS } from './migrations-folder.js';
import { REPEATABLE_SQL, statementsOf } from './repeatable-sql.js';
import * as schema from './schema.js';

/**
 * `npx drizzle-kit generate` writes a migration from the difference between schema.ts and the newest snapshot in
 * migrations/meta. A migration written by hand, or a schema.ts edited without one, leaves them apart, and the next
 * generate repeats or misses changes: these checks fail first. docs/decisions/migrations.md.
 */
const META = path.join(MIGRATIONS, 'meta');
interface Snapshot {
  id: string;
  prevId: string;
  _meta?: unknown;
}
const snapshots = fs
  .readdirSync(META)
  .filter((name) => name.endsWith('_snapshot.json'))
  .sort()
  .map((name) => ({ name, snapshot: JSON.parse(fs.readFileSync(path.join(META, name), 'utf8')) as Snapshot }));
const fromSchema = generateDrizzleJson(schema);
/** What a snapshot says of the tables, without the ids that chain the snapshots. */
const tablesOf = ({ id: _id, prevId: _prevId, _meta, ...tables }: Snapshot) => tables;

describe('drizzle-kit generate', () => {
  it('finds the snapshots in one chain ending at the newest migration', () => {
    // generate refuses to run when two snapshots name the same parent.
    expect(snapshots.map((s) => `${s.name} after ${s.snapshot.prevId}`)).toEqual(
      snapshots.map(
        (s, i) => `${s.name} after ${snapshots[i - 1]?.snapshot.id ?? '00000000-0000-0000-0000-000000000000'}`,
      ),
    );
    const newest = journal().entries.at(-1)?.tag ?? '';
    expect(snapshots.at(-1)?.name, `${newest} has no snapshot`).toBe(`${newest.slice(0, 4)}_snapshot.json`);
  });

  it('finds schema.ts as the newest snapshot has it', () => {
    const newest = snapshots.at(-1);
    expect(
      // As drizzle-kit writes it: without the fields left undefined.
      tablesOf(JSON.parse(JSON.stringify(fromSchema)) as Snapshot),
      'schema.ts changed without its migration: in apps/api, npx drizzle-kit generate --name what_changed',
    ).toEqual(newest && tablesOf(newest.snapshot));
  });

  it('has every migration made after the one before it', () => {
    // drizzle's migrator applies only migrations whose `when` is later than the last applied one's: an earlier
    // one runs on a fresh database and is skipped on every upgraded one.
    const entries = journal().entries;
    const early = entries.filter((entry, i) => i > 0 && entry.when <= (entries[i - 1]?.when ?? 0));
    expect(
      early.map((entry) => entry.tag),
      'in migrations/meta/_journal.json, give it a `when` above the previous entry’s',
    ).toEqual([]);
  });
});

describe('the migrated database', () => {
  /** The tables as PostgreSQL prints them; a migration appends columns, so their order is not compared. */
  const tables = async (db: Db) => {
    const { tables = [], columns = [], indexes = [], constraints = [] } = await schemaOf(db);
    const declarable = constraints
      // Constraint triggers are db/sql's, not schema.ts's.
      .filter((line) => !/^\S+ \S+ TRIGGER /.test(line))
      // PostgreSQL 18 names a NOT NULL after the table it was made on, and keeps that name when the table is renamed.
      .map((line) => line.replace(/^(\S+) \S+ (NOT NULL .*)$/, '$1 $2'))
      .sort();
    return { tables, columns: [...columns].sort(), indexes, constraints: declarable };
  };

  it('has the tables, columns, indexes and constraints schema.ts declares', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const migrated = await tables(database.db);
      // The same database emptied, then schema.ts as drizzle-kit would create it from nothing, after the functions
      // its generated columns call (db/sql/search-text.sql, which reads no table).
      const statements = [
        'DROP SCHEMA public CASCADE',
        'CREATE SCHEMA public',
        'CREATE EXTENSION pg_trgm',
        ...statementsOf(fs.readFileSync(path.join(REPEATABLE_SQL, 'search-text.sql'), 'utf8')),
        ...(await generateMigration(generateDrizzleJson({}), fromSchema)),
      ];
      for (const statement of statements) await database.db.execute(sql.raw(statement));
      expect(migrated).toEqual(await tables(database.db));
    } finally {
      await database.close();
      await drop();
    }
  });
});
