import { sql, type Placeholder } from 'drizzle-orm';

/**
 * A placeholder for each of `names`, filled by the value of that name when the prepared statement runs: an insert's
 * values written once, so that its text is the same on every call, as a statement named by `.prepare(name)` must be.
 */
export function placeholders<const Name extends string>(names: readonly Name[]): Record<Name, Placeholder<Name>> {
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<Name, Placeholder<Name>>;
}
