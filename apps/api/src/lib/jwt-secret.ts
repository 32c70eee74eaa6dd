import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { appSecrets } from '../db/schema.js';

const SECRET_NAME = 'jwt';

/**
 * The key that signs session tokens: JWT_SECRET when configured; else one generated once and kept where
 * every instance finds it. On PostgreSQL that is the database, so instances on other machines accept
 * each other's tokens; PGlite has one process, so a file in DATA_DIR does.
 */
export async function loadJwtSecret(config: Config, database: Database): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (database.kind === 'postgres') return sharedSecret(database.db, readSecretFile(file));
  return readSecretFile(file) ?? writeSecretFile(file);
}

/**
 * The first instance to get here stores its candidate; the primary key makes that insert happen once
 * however many instances race, and all of them read back the winner. An instance upgraded from a
 * per-instance file offers that file's secret, so its shoppers stay signed in.
 */
async function sharedSecret(db: Db, fromFile: string | undefined): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: fromFile ?? newSecret() })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('the shared JWT secret could not be stored');
  return row.value;
}

const newSecret = () => randomBytes(48).toString('base64url');

function readSecretFile(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

function writeSecretFile(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = newSecret();
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
