import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations-folder.js';

/**
 * A released migration has run on shops' databases as it was: changing it changes nothing there, and makes a fresh
 * database differ from an upgraded one. migrations/checksums.txt holds the sha256 of each (`sha256sum` output, so
 * `sha256sum -c checksums.txt` in that folder checks them too), and every migration file must be listed.
 */
const LIST = path.join(MIGRATIONS, 'checksums.txt');

const listed = new Map(
  fs
    .readFileSync(LIST, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash = '', file = ''] = line.split(/ +\*?/);
      return [file, hash] as const;
    }),
);
const files = fs.readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'));
const sha256 = (file: string) =>
  createHash('sha256')
    .update(fs.readFileSync(path.join(MIGRATIONS, file)))
    .digest('hex');

describe('released migrations', () => {
  it('are listed in migrations/checksums.txt, every one', () => {
    const unlisted = files.filter((file) => !listed.has(file));
    expect(
      unlisted,
      `not in apps/api/src/db/migrations/checksums.txt: a new migration adds its line (in that folder, ` +
        `sha256sum ${unlisted.join(' ')} >> checksums.txt) and is frozen from then on`,
    ).toEqual([]);
    const gone = [...listed.keys()].filter((file) => !files.includes(file));
    expect(gone, 'released migrations are never deleted').toEqual([]);
  });

  it('are byte for byte as released', () => {
    const changed = files.filter((file) => listed.has(file) && listed.get(file) !== sha256(file));
    expect(
      changed,
      'a released migration is never edited: change tables in a new migration (npx drizzle-kit generate) and ' +
        'functions or triggers in their file of src/db/sql (docs/decisions/migrations.md)',
    ).toEqual([]);
  });
});
