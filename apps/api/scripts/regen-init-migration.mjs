// Until the first release, the schema lives in one migration: regenerate it from src/db/schema.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const dir = 'src/db/migrations';
fs.rmSync(dir, { recursive: true, force: true });
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'init'], { stdio: 'inherit' });
const file = `${dir}/0000_init.sql`;
// drizzle-kit does not know the extension the trigram indexes need.
fs.writeFileSync(file, `CREATE EXTENSION IF NOT EXISTS pg_trgm;\n--> statement-breakpoint\n${fs.readFileSync(file, 'utf8')}`);
