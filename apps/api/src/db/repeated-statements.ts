import { createHash } from 'node:crypto';
import type { ClientBase } from 'pg';

/** Runs of one text in a process before it is named: a text run once or twice is not worth a connection's memory. */
export const RUNS_BEFORE_NAMING = 3;
/**
 * Texts one connection names at most. Each costs its backend the statement's parse tree and plan (up to half a
 * megabyte for a search); a connection that has named this many sends the others unnamed until it closes (the pool
 * closes idle ones after ten seconds).
 */
export const MAX_NAMED_PER_CONNECTION = 48;
/** Texts counted at most; past it the count starts over, so that texts made from values cannot grow it for ever. */
const MAX_COUNTED = 2000;
/** Single statements that read or write rows: utility and transaction statements are cheap to plan, or not plannable. */
const PLANNABLE = /^\s*(select|with|insert|update|delete)\b/i;

type QueryConfig = { text: string; name?: string };

/** Runs of each text, and its name once it has one. */
const counted = new Map<string, { runs: number; name: string | undefined }>();

function nameOf(text: string): string | undefined {
  let entry = counted.get(text);
  if (!entry) {
    if (counted.size >= MAX_COUNTED) counted.clear();
    entry = { runs: 0, name: undefined };
    counted.set(text, entry);
  }
  if (entry.name) return entry.name;
  if (++entry.runs < RUNS_BEFORE_NAMING) return undefined;
  // A digest of the text: one name always carries one text, in every process and on every connection.
  entry.name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  return entry.name;
}

const isUnnamed = (config: unknown): config is QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  'text' in config &&
  typeof config.text === 'string' &&
  !('name' in config && config.name);

/**
 * Names the statements a pooled connection is given once their text has been run RUNS_BEFORE_NAMING times in the
 * process, as JDBC's and asyncpg's drivers do, so that PostgreSQL parses them once per connection and, after five
 * runs, may keep a generic plan. An unnamed statement is parsed and planned on every run: for a filtered list, most
 * of its time in the database (parse and plan 7 ms of 9). Only drizzle's query configurations are named, never a
 * string, which may hold several statements; a configuration that already has a name keeps it.
 */
export function nameRepeatedStatements(client: ClientBase): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const withName = (config: unknown): unknown => {
    if (!isUnnamed(config) || !PLANNABLE.test(config.text)) return config;
    const name = nameOf(config.text);
    if (!name) return config;
    if (!named.has(name)) {
      if (named.size >= MAX_NAMED_PER_CONNECTION) return config;
      named.add(name);
    }
    // A copy: drizzle hands the same configuration to every run of a statement.
    return { ...config, name };
  };
  client.query = ((config: unknown, ...rest: unknown[]) => query(withName(config), ...rest)) as ClientBase['query'];
}
