import { createHash } from 'node:crypto';

/**
 * A prepared statement's name made from its text, so that one name always carries one text, in every process and on
 * every connection. `prefix` tells who named it (pg_prepared_statements lists the names).
 */
export const digestName = (prefix: string, text: string) =>
  `${prefix}_${createHash('sha1').update(text).digest('base64url')}`;
