import { asc, sql } from 'drizzle-orm';
import { normalizeArabic, type SearchSynonyms } from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { searchSynonyms } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { transaction } from '../../db/transaction.js';

/** A synonym as searches look it up: as typed words are folded (searchWordsOf in contracts). */
const folded = (word: string) => normalizeArabic(word.toLowerCase());

/** The merchant's synonym groups, as written, in the order saved. */
export async function loadSynonyms(db: DbOrTx): Promise<SearchSynonyms> {
  const rows = await db.select({ words: searchSynonyms.words }).from(searchSynonyms).orderBy(asc(searchSynonyms.id));
  return { groups: rows.map((row) => row.words) };
}

/**
 * The rows of synonym groups: each word kept once (by its folded form) and groups left with fewer than two words
 * dropped.
 */
export function synonymRows(groups: readonly (readonly string[])[]): { words: string[]; folded: string[] }[] {
  return groups
    .map((group) => [...new Map(group.map((word) => [folded(word), word])).entries()])
    .filter((group) => group.length >= 2)
    .map((group) => ({ words: group.map(([, word]) => word), folded: group.map(([word]) => word) }));
}

/**
 * Replaces the synonym groups with `input`'s (synonymRows). One transaction, audited; the table's trigger announces
 * the change, so cached searches go.
 */
export async function saveSynonyms(db: Db, input: SearchSynonyms, actor: Actor): Promise<SearchSynonyms> {
  const rows = synonymRows(input.groups);
  return transaction(db, async (tx) => {
    const before = await loadSynonyms(tx);
    await tx.execute(sql`delete from ${searchSynonyms}`);
    if (rows.length) await tx.insert(searchSynonyms).values(rows);
    const after = await loadSynonyms(tx);
    await auditAdmin(tx, actor, 'search_synonyms_update', 'updated the search synonyms', { before, after });
    return after;
  });
}
