import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

export const journal = (): Journal =>
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;

/**
 * A copy of the migrations folder holding only its first `count` migrations, and optionally one more:
 * a database migrated from it stands where a shop of that release would (a restored backup, tests).
 */
export function migrationsFolder(count: number, extra?: { tag: string; sql: string }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  const entries = journal().entries.slice(0, count);
  fs.mkdirSync(path.join(dir, 'meta'));
  for (const entry of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  if (extra) {
    const last = entries.at(-1);
    entries.push({
      ...(last ?? { idx: -1, when: 0 }),
      idx: entries.length,
      tag: extra.tag,
      when: (last?.when ?? 0) + 1,
    });
    fs.writeFileSync(path.join(dir, `${extra.tag}.sql`), extra.sql);
  }
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal(), entries }));
  return dir;
}
