// Bundles the API and its CLIs to dist/ for `npm start`; node_modules stay external, workspace TS is inlined.
// Every entry sits at the top of dist/ so `new URL('./migrations', import.meta.url)` finds dist/migrations, and
// `new URL('./sql', …)` the functions and triggers applied after them (db/repeatable-sql.ts) in dist/sql.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@shop/'));
const entries = {
  server: 'src/server.ts',
  seed: 'src/cli/seed.ts',
  'create-admin': 'src/cli/create-admin.ts',
  migrate: 'src/cli/migrate.ts',
  reindex: 'src/cli/reindex.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
};

// Chunks are named by their content: a build leaves none of the previous one's behind.
for (const file of fs.existsSync('dist') ? fs.readdirSync('dist') : [])
  if (/^(chunk|serve)-.*\.js(\.map)?$/.test(file)) fs.rmSync(`dist/${file}`);

await build({
  entryPoints: Object.fromEntries(Object.entries(entries).filter(([, file]) => fs.existsSync(file))),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The server's code is its own chunk, which the supervisor (server.ts) never loads: only its workers do.
  splitting: true,
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
for (const folder of ['migrations', 'sql']) {
  fs.rmSync(`dist/${folder}`, { recursive: true, force: true });
  fs.cpSync(`src/db/${folder}`, `dist/${folder}`, { recursive: true });
}
