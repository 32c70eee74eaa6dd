import { parseArgs } from 'node:util';
import { CatalogueNotEmptyError, countDepartments, demoSignIn, seedDemo } from '../seed/index.js';
import { loadConfig } from '../config.js';
import { imageStoreFor } from '../lib/image-store.js';
import { CliError, openCliDatabase, runIfEntry, UsageError } from './common.js';

const SEED_USAGE = `Usage: npm run seed [-- --force]

Seeds the demo catalogue (8 departments, 30 categories, 200 products with images, the phones',
tablets', clothes' and shoes' in variants, reviews) and the demo accounts into the database that
DATABASE_URL names, or else the embedded database in DATA_DIR (default ./data). The server does
this by itself on a first start; use this to seed again.

  --force   replace the existing catalogue first (departments, categories, products and their
            reviews, cart lines and favourites; orders keep their own copy of what was bought)
  --help    show this help

Exit codes: 0 seeded, 1 not seeded (see the message), 2 wrong arguments.`;

export function parseSeedArgs(argv: string[]): { force: boolean; help: boolean } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    return { force: values.force ?? false, help: values.help ?? false };
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message : String(err)}\n\n${SEED_USAGE}`);
  }
}

const notEmpty = (departments: number) =>
  new CliError(
    `The database already has a catalogue (${departments} departments), so nothing was changed.\n` +
      'Run `npm run seed -- --force` to replace it with the demo catalogue.',
  );

async function main(argv: string[]) {
  const args = parseSeedArgs(argv);
  if (args.help) {
    console.log(SEED_USAGE);
    return;
  }
  const config = loadConfig();
  const database = await openCliDatabase(config);
  try {
    // Checked before rendering the images, so a refusal is instant.
    const departments = await countDepartments(database.db);
    if (departments > 0 && !args.force) throw notEmpty(departments);
    const done = await seedDemo({
      db: database.db,
      images: imageStoreFor(config, database.db),
      log: (line) => console.log(line),
      replace: args.force,
    });
    console.log(['The demo shop, once started with `npm start`:', ...demoSignIn(done)].join('\n'));
  } catch (err) {
    // Another process seeded between the check above and our transaction.
    if (err instanceof CatalogueNotEmptyError) throw notEmpty(err.departments);
    throw err;
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, main);
