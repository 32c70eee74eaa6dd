import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { functionsAndTriggers, schemaOf } from '../../test/db-schema.js';
import type { Database } from './client.js';
import { journal, migrationsFolder, MIGRATIONS } from './migrations-folder.js';
import {
  applyRepeatableSql,
  FILES,
  isThisBuild,
  REPEATABLE_SQL,
  repeatableFiles,
  statementsOf,
} from './repeatable-sql.js';

/** Each file's statements, without the comments before them. */
const statements = repeatableFiles().flatMap((file) =>
  statementsOf(fs.readFileSync(file, 'utf8')).map((text) => ({
    file: path.basename(file),
    text: text.replace(/^(--.*\n|\s*\n)*/, ''),
  })),
);
const FUNCTION = /^CREATE OR REPLACE FUNCTION (\w+)\(/;
const TRIGGER = /^CREATE (?:CONSTRAINT )?TRIGGER (\w+)\b[\s\S]*?\bON (\w+)\b/;

/** The files defining each name (a function's, or a trigger's as table.name), once per definition. */
function definitions(pattern: RegExp, name: (match: RegExpMatchArray) => string): Map<string, string[]> {
  const defined = new Map<string, string[]>();
  for (const statement of statements) {
    const match = statement.text.match(pattern);
    if (match) defined.set(name(match), [...(defined.get(name(match)) ?? []), statement.file]);
  }
  return defined;
}

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('db/sql, the functions and triggers applied after the migrations', () => {
  it('holds functions and triggers only, each trigger dropped just before it is made', () => {
    expect(repeatableFiles().map((file) => path.basename(file))).toEqual(FILES);
    statements.forEach((statement, i) => {
      const where = `${statement.file}: ${statement.text.slice(0, 80)}`;
      // Tables, columns, indexes and data belong in a versioned migration, which runs once.
      expect(statement.text, where).toMatch(
        /^(CREATE OR REPLACE FUNCTION|DROP TRIGGER IF EXISTS|CREATE (CONSTRAINT )?TRIGGER) /,
      );
      const trigger = statement.text.match(TRIGGER);
      if (trigger)
        expect(statements[i - 1]?.text, where).toBe(`DROP TRIGGER IF EXISTS ${trigger[1]} ON ${trigger[2]};`);
    });
  });

  it('defines every function and trigger of a fresh database, each in exactly one place', async () => {
    const { functions, triggers } = await functionsAndTriggers(database.db);
    const functionFiles = definitions(FUNCTION, (m) => m[1] ?? '');
    const triggerFiles = definitions(TRIGGER, (m) => `${m[2]}.${m[1]}`);
    const overloads = (name: string) => functions.filter((f) => f.startsWith(`${name}(`)).length;
    const wrong = [
      ...functions
        .map((f) => f.slice(0, f.indexOf('(')))
        .filter((name, i, all) => all.indexOf(name) === i)
        .filter((name) => functionFiles.get(name)?.length !== 1 || overloads(name) !== 1)
        .map(
          (name) =>
            `function ${name}: ${overloads(name)} in the database, defined in [${functionFiles.get(name)?.join(', ') ?? ''}]`,
        ),
      ...triggers
        .filter((name) => triggerFiles.get(name)?.length !== 1)
        .map((name) => `trigger ${name}: defined in [${triggerFiles.get(name)?.join(', ') ?? ''}]`),
    ];
    expect(
      wrong,
      `each function and trigger has one definition, in one file of ${REPEATABLE_SQL}; an old one nothing uses is ` +
        'dropped by a versioned migration (docs/decisions/migrations.md)',
    ).toEqual([]);
  });

  it('is applied again when its files or the migrations changed, and only then', async () => {
    const db = database.db;
    const triggerIds = async () =>
      (await db.execute<{ oid: number }>(sql`select oid::int from pg_trigger where not tgisinternal order by 1`)).rows;
    const schema = await schemaOf(db);
    const made = await triggerIds();
    // Nothing changed: nothing is applied, and no table is locked to replace its triggers.
    await applyRepeatableSql(db, MIGRATIONS);
    expect(await triggerIds()).toEqual(made);

    await db.execute(sql`update drizzle.__repeatable_sql set checksum = 'the files of another build'`);
    await applyRepeatableSql(db, MIGRATIONS);
    const remade = await triggerIds();
    expect(remade).not.toEqual(made);
    // Applying them again leaves the schema as it was.
    expect(await schemaOf(db)).toEqual(schema);

    await db.execute(sql`update drizzle.__repeatable_sql set migrations = migrations - 1`);
    await applyRepeatableSql(db, MIGRATIONS);
    expect(await triggerIds()).not.toEqual(remade);
  });

  it("is applied with this build's migrations only, not after a folder standing for a release", () => {
    const folder = migrationsFolder(journal().entries.length);
    try {
      expect(isThisBuild(MIGRATIONS)).toBe(true);
      expect(isThisBuild(folder)).toBe(false);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
