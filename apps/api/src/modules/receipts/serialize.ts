import { sha256Hex } from '../../lib/sha256.js';

/**
 * The ETA's document serialization (its SDK's "Document Serialization Approach"), the text a receipt's UUID hashes:
 * every property name in upper case, every name and simple value in double quotes, values exactly as the JSON text
 * writes them (0.0 stays 0.0, so numbers are read as their literal, not as numbers), and an array written as its
 * property's name followed by each element preceded by that name again. Whitespace between tokens counts for
 * nothing. Read from the JSON text itself, so the hash is the one the ETA computes from the text it receives.
 */
export function serializeJsonText(json: string): string {
  let at = 0;
  const out: string[] = [];

  const skipSpace = () => {
    while (at < json.length && /\s/.test(json[at] ?? '')) at++;
  };
  const fail = (what: string): never => {
    throw new Error(`not JSON: ${what} at ${at}`);
  };
  const expect = (char: string) => {
    skipSpace();
    if (json[at] !== char) fail(`expected ${char}`);
    at++;
  };

  function stringToken(): string {
    skipSpace();
    const start = at;
    if (json[at] !== '"') fail('expected a string');
    at++;
    while (at < json.length && json[at] !== '"') at += json[at] === '\\' ? 2 : 1;
    if (at >= json.length) fail('unterminated string');
    at++;
    return JSON.parse(json.slice(start, at)) as string;
  }

  function literalToken(): string {
    skipSpace();
    const match = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(json.slice(at));
    if (!match) return fail('expected a value');
    at += match[0].length;
    return match[0] === 'null' ? '' : match[0];
  }

  const quoted = (value: string) => `"${value}"`;

  /** A value; an array's elements each preceded by `name`, the name of the property holding it. */
  function value(name: string | null): void {
    skipSpace();
    const char = json[at];
    if (char === '{') {
      at++;
      skipSpace();
      if (json[at] === '}') {
        at++;
        return;
      }
      for (;;) {
        const key = stringToken().toUpperCase();
        expect(':');
        out.push(quoted(key));
        value(key);
        skipSpace();
        if (json[at] === ',') {
          at++;
          continue;
        }
        expect('}');
        return;
      }
    }
    if (char === '[') {
      at++;
      skipSpace();
      if (json[at] === ']') {
        at++;
        return;
      }
      for (;;) {
        if (name !== null) out.push(quoted(name));
        value(name);
        skipSpace();
        if (json[at] === ',') {
          at++;
          continue;
        }
        expect(']');
        return;
      }
    }
    out.push(quoted(char === '"' ? stringToken() : literalToken()));
  }

  value(null);
  skipSpace();
  if (at !== json.length) fail('text after the document');
  return out.join('');
}

/**
 * A receipt's UUID as the SDK defines it: the hash of the receipt's serialization with its own `header.uuid` empty.
 * The header's `previousUUID`, the UUID of the receipt its POS issued before, is part of what is hashed: that is how
 * each receipt is chained to the one before it.
 */
export function receiptUuid(receipt: { header: { uuid: string } }): string {
  const blank = { ...receipt, header: { ...receipt.header, uuid: '' } };
  return sha256Hex(serializeJsonText(JSON.stringify(blank)));
}
