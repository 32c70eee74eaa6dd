import type { Language } from './language.js';
import { API_MSG, MSG, NOT_FOUND, RULE_MSG } from './messages.js';
import { API_MSG_AR, MSG_AR, NOT_FOUND_AR, RULE_MSG_AR } from './messages.ar.js';

/**
 * A message by key: the table and key of a text in messages.ts, with its arguments, rendered in the
 * reader's language only where it is shown (`render`: the API's answers, the web's form errors). Each
 * text is written once per language, the Arabic typed key for key against the English, and nothing is
 * recognised from rendered English. It travels as a string, since zod keeps an issue's message as one:
 * a private-use mark, then the JSON of [table, key, ...arguments].
 */
export type Said = string & { readonly __said: true };

type Text = string | ((...args: never[]) => string);
type Table = Readonly<Record<string, Text>>;

/** Each table of texts with its Arabic twin. */
const TABLES = {
  msg: [MSG, MSG_AR],
  rule: [RULE_MSG, RULE_MSG_AR],
  notFound: [NOT_FOUND, NOT_FOUND_AR],
  api: [API_MSG, API_MSG_AR],
} as const satisfies Record<string, readonly [Table, Table]>;
type TableName = keyof typeof TABLES;

/** A table's keys as messages: a text becomes a Said, a function of arguments one that answers a Said. */
type Keyed<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => Said : Said;
};

const MARK = '\uE001';
const encode = (table: TableName, key: string, args: readonly unknown[]) =>
  (MARK + JSON.stringify([table, key, ...args])) as Said;

function keyed<N extends TableName>(table: N): Keyed<(typeof TABLES)[N][0]> {
  const english: Table = TABLES[table][0];
  return Object.fromEntries(
    Object.entries(english).map(([key, text]) => [
      key,
      typeof text === 'function' ? (...args: unknown[]) => encode(table, key, args) : encode(table, key, []),
    ]),
  ) as Keyed<(typeof TABLES)[N][0]>;
}

/** Every message the shop says, by key: `say.api.cartEmpty`, `say.rule.atMostCharacters(100)`. */
export const say = {
  msg: keyed('msg'),
  rule: keyed('rule'),
  notFound: keyed('notFound'),
  api: keyed('api'),
};

/** Whether `message` is a message by key (anything else is text nobody wrote down, shown as it is). */
export const isSaid = (message: string): message is Said => message.startsWith(MARK);

function decode(message: string): { table: TableName; key: string; args: unknown[] } | null {
  try {
    const parsed: unknown = JSON.parse(message.slice(MARK.length));
    if (!Array.isArray(parsed)) return null;
    const [table, key, ...args] = parsed as unknown[];
    if (typeof table !== 'string' || !Object.hasOwn(TABLES, table) || typeof key !== 'string') return null;
    return { table: table as TableName, key, args };
  } catch {
    return null;
  }
}

/** A message in `language`; text that is not a message by key (Fastify's, zod's own) passes through unchanged. */
export function render(message: string, language: Language): string {
  if (!isSaid(message)) return message;
  const said = decode(message);
  if (!said) return message;
  const table: Table = TABLES[said.table][language === 'ar' ? 1 : 0];
  const text = Object.hasOwn(table, said.key) ? table[said.key] : undefined;
  if (text === undefined) return message;
  return typeof text === 'function' ? (text as (...args: unknown[]) => string)(...said.args) : text;
}
