import { loadConfig } from '../config.js';
import { searchEngine } from '../modules/search/engine.js';
import { openCliDatabase, runIfEntry, UsageError } from './common.js';

const USAGE = `Usage: npm run reindex

Makes the search index of the configured engine (SEARCH_ENGINE) whole again from the products, in the
database that DATABASE_URL names, or else the embedded database in DATA_DIR (default ./data). The
index follows every write of the shop by itself; this is for products written with the database's
triggers off (a load by hand, a table copied in), and harmless otherwise: searches go on meanwhile.

Exit codes: 0 done, 1 failed (see the message), 2 wrong arguments.`;

async function main(argv: string[]) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  if (argv.length) throw new UsageError(`Unexpected arguments: ${argv.join(' ')}\n\n${USAGE}`);
  const config = loadConfig();
  const database = await openCliDatabase(config);
  try {
    await searchEngine({ db: database.db, config }).reindex();
    console.log(`The ${config.SEARCH_ENGINE} search index is whole.`);
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, main);
