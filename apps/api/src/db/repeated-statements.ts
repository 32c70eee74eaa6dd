import { createHash } from 'node:crypto';
import type { ClientBase } from 'pg';

/** Runs of one text in a process before it is named: a text run once or twice is not worth a connection's memory. */
export const RUNS_BEFORE_NAMING = 3;
/**
 * Texts one connection names at most: the first repeated texts it meets. Each costs its backend the statement's parse
 * tree and plan (up to half a megabyte for a search); a connection that has named this many sends the others unnamed
 * until it closes (the pool replaces its connections every ten minutes, and closes idle ones after ten seconds).
 */
export const MAX_NAMED_PER_CONNECTION = 48;
/** Texts counted at most, the least recently run forgotten first: texts made from values must not grow it for ever. */
const MAX_COUNTED = 500;

/** Runs of each text, and its name once it has one; a Map keeps insertion order, which `nameOf` makes recency. */
const counted = new Map<string, { runs: number; name: string | undefined }>();

function nameOf(text: string): string | undefined {
  let entry = counted.get(text);
  if (entry) counted.delete(text);
  else {
    if (counted.size >= MAX_COUNTED) counted.delete(counted.keys().next().value ?? '');
    entry = { runs: 0, name: undefined };
  }
  counted.set(text, entry);
  // A digest of the text: one name always carries one text, in every process and on every connection.
  if (!entry.name && ++entry.runs >= RUNS_BEFORE_NAMING)
    entry.name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  return entry.name;
}

/**
 * A query configuration as drizzle passes it, with no name, run with values: so in the extended protocol already,
 * which holds one statement (a text run without values goes as a simple query, which may hold several, and
 * utility statements take none). Not a Query object, whose methods a copy would lose.
 */
function isNameable(config: unknown, values: unknown): config is { text: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    !('submit' in config) &&
    !('name' in config && config.name) &&
    'text' in config &&
    typeof config.text === 'string' &&
    Array.isArray(values) &&
    values.length > 0
  );
}

/**
 * Names the statements a pooled connection is given once their text has been run RUNS_BEFORE_NAMING times in the
 * process, as JDBC's and asyncpg's drivers do, so that PostgreSQL parses them once per connection and, after five
 * runs, may keep a generic plan. An unnamed statement is parsed and planned on every run: for a filtered list, most
 * of its time in the database (parse and plan 7 ms of 9).
 */
export function nameRepeatedStatements(client: ClientBase): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (config: unknown, values?: unknown, ...rest: unknown[]) => unknown;
  const withName = (config: unknown, values: unknown): unknown => {
    if (!isNameable(config, values)) return config;
    const name = nameOf(config.text);
    if (!name) return config;
    if (!named.has(name)) {
      if (named.size >= MAX_NAMED_PER_CONNECTION) return config;
      named.add(name);
    }
    // A copy: drizzle hands the same configuration to every run of a statement.
    return { ...config, name };
  };
  client.query = ((config: unknown, values?: unknown, ...rest: unknown[]) =>
    query(withName(config, values), values, ...rest)) as ClientBase['query'];
}
