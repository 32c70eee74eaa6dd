// Until the first release, the schema lives in one migration: regenerate it from src/db/schema.ts,
// with the SQL drizzle-kit cannot express (extension, functions, triggers) around it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const dir = 'src/db/migrations';
fs.rmSync(dir, { recursive: true, force: true });
execFileSync('npx', ['drizzle-kit', 'generate', '--name', 'init'], { stdio: 'inherit' });
const file = `${dir}/0000_init.sql`;
const before = fs.readFileSync('src/db/custom.sql', 'utf8').trim();
const after = fs.readFileSync('src/db/custom-after.sql', 'utf8').trim();
fs.writeFileSync(file, `${before}\n--> statement-breakpoint\n${fs.readFileSync(file, 'utf8').trim()}\n--> statement-breakpoint\n${after}\n`);
