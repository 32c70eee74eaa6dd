import fs from 'node:fs';
import path from 'node:path';

/**
 * A backup file: a first line naming the format, then each file of a directory as one JSON header line
 * ({"name","size"}) followed by its bytes. Simple enough to read without this code, and written to a
 * temporary name first, so a crash never leaves a half backup under the final name.
 */
const MAGIC = 'EGP-SHOP-BACKUP 1\n';
const CHUNK = 1 << 20;

function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), name) : [name];
  });
}

/** Writes every file under `dir` into `file`. */
export function packDirectory(dir: string, file: string): void {
  const partial = `${file}.partial`;
  const out = fs.openSync(partial, 'w', 0o600);
  const buffer = Buffer.alloc(CHUNK);
  try {
    fs.writeSync(out, MAGIC);
    for (const name of filesUnder(dir)) {
      const source = path.join(dir, name);
      fs.writeSync(out, `${JSON.stringify({ name, size: fs.statSync(source).size })}\n`);
      const input = fs.openSync(source, 'r');
      try {
        for (let read; (read = fs.readSync(input, buffer, 0, CHUNK, null)) > 0;) fs.writeSync(out, buffer, 0, read);
      } finally {
        fs.closeSync(input);
      }
    }
    fs.fsyncSync(out);
  } finally {
    fs.closeSync(out);
  }
  fs.renameSync(partial, file);
}

/** Recreates in `dir` the files `file` holds; throws on anything that is not a whole backup. */
export function unpackDirectory(file: string, dir: string): void {
  const input = fs.openSync(file, 'r');
  let position = 0;
  const readLine = (): string | null => {
    const bytes: number[] = [];
    const one = Buffer.alloc(1);
    while (fs.readSync(input, one, 0, 1, position) === 1) {
      position++;
      if (one[0] === 0x0a) return Buffer.from(bytes).toString('utf8');
      bytes.push(one[0] as number);
      if (bytes.length > 4096) break;
    }
    return bytes.length ? Buffer.from(bytes).toString('utf8') : null;
  };
  try {
    if (`${readLine()}\n` !== MAGIC) throw new Error(`${file} is not a shop backup`);
    const buffer = Buffer.alloc(CHUNK);
    for (let line; (line = readLine()) !== null;) {
      const { name, size } = JSON.parse(line) as { name: string; size: number };
      const target = path.resolve(dir, name);
      if (!target.startsWith(path.resolve(dir) + path.sep))
        throw new Error(`${file} names a file outside the backup: ${name}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const out = fs.openSync(target, 'w', 0o600);
      try {
        for (let left = size; left > 0;) {
          const read = fs.readSync(input, buffer, 0, Math.min(CHUNK, left), position);
          if (read === 0) throw new Error(`${file} is cut short (in ${name})`);
          fs.writeSync(out, buffer, 0, read);
          position += read;
          left -= read;
        }
      } finally {
        fs.closeSync(out);
      }
    }
  } finally {
    fs.closeSync(input);
  }
}
