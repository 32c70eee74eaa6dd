import { sql } from 'drizzle-orm';
import { isArabicText, searchWordsOf, SUGGESTIONS_PER_KIND, type SearchSuggestions } from '@shop/contracts';
import type { Db } from '../../db/client.js';
import { categories, products, searchPostings } from '../../db/schema.js';
import { prefixQuery } from './text-search.js';

/** Postings read for the last word typed: enough for a handful of products and brands, bounded for a short prefix. */
const POSTINGS_READ = 200;

/**
 * What the search box suggests while the shopper types `text`: products, brands and categories with every typed word
 * as a prefix of one of their words, the last word (being typed) included, named in the language typed. The products
 * and brands come from the posting lists (search_postings: the words of names and brands, in word order), a range of
 * the index read for the last word, so a suggestion costs one short index read whatever the catalogue's size; the
 * few categories are read whole. Where the words as typed are a prefix of nothing, they are read again as the
 * catalogue spells them (catalogue_spelling, as a search that finds nothing offers): a shopper who typed 'ketle' is
 * shown the kettles the search would find.
 */
export async function suggest(db: Db, text: string): Promise<SearchSuggestions> {
  const language = isArabicText(text) ? 'ar' : 'en';
  const words = searchWordsOf(text).slice(0, 8);
  if (!words.length) return { language, products: [], brands: [], categories: [] };
  const found = await suggestionsFor(db, words, language);
  if (found.products.length || found.brands.length || found.categories.length) return found;
  const spelled = await catalogueSpelling(db, words);
  return spelled.join(' ') === words.join(' ') ? found : suggestionsFor(db, spelled, language);
}

/** The typed words as the catalogue spells them (each as typed where no word of the catalogue is like it). */
async function catalogueSpelling(db: Db, words: string[]): Promise<string[]> {
  const [row] = (
    await db.execute<{ spelled: string[] }>(
      sql`select catalogue_spelling(string_to_array(${words.join(' ')}, ' ')) as spelled`,
    )
  ).rows;
  return row?.spelled ?? words;
}

async function suggestionsFor(
  db: Db,
  words: string[],
  language: SearchSuggestions['language'],
): Promise<SearchSuggestions> {
  const last = words.at(-1) ?? '';
  const typed = sql`string_to_array(${words.join(' ')}, ' ')`;
  const every = prefixQuery(typed);
  const name = (table: typeof products | typeof categories) =>
    language === 'ar' ? sql`coalesce(${table.nameAr}, ${table.name})` : table.name;
  const phrase = words.join(' ');

  const [found] = (
    await db.execute<{ products: SearchSuggestions['products']; brands: string[] }>(sql`
      with read as materialized (
        select ${searchPostings.productId} as product_id, ${searchPostings.relevance} as relevance,
          ${searchPostings.brand} as brand
        from ${searchPostings}
        where ${searchPostings.lexeme} >= ${last} and ${searchPostings.lexeme} < ${last} || chr(1114111)
          and ${searchPostings.inStock}
        order by ${searchPostings.lexeme}
        limit ${POSTINGS_READ}),
      best as (select product_id, max(relevance) as relevance from read group by product_id)
      select
        (select coalesce(json_agg(json_build_object('_id', id, 'name', name)), '[]') from (
          select ${products.id} as id, ${name(products)} as name from best
          join ${products} on ${products.id} = best.product_id
          where ${products.search} @@ ${every}
          order by best.relevance desc, ${products.createdAt} desc, ${products.id}
          limit ${SUGGESTIONS_PER_KIND}) as chosen) as products,
        array(select distinct brand from read
          where ' ' || lower(normalize_arabic(brand)) like '% ' || ${phrase} || '%'
          order by brand limit ${SUGGESTIONS_PER_KIND}) as brands`)
  ).rows;

  const shelves = await db.execute<{ _id: string; name: string }>(sql`
    select ${categories.id} as "_id", ${name(categories)} as name from ${categories}
    where to_tsvector('simple', lower(normalize_arabic(${name(categories)}))) @@ ${every}
    order by 2 limit ${SUGGESTIONS_PER_KIND}`);

  return {
    language,
    products: found?.products ?? [],
    brands: found?.brands ?? [],
    categories: shelves.rows,
  };
}
