import { ADJECTIVES, ADJECTIVES_AR, BRANDS, BRANDS_AR, NOUNS, NOUNS_AR } from './catalogue.mjs';

/**
 * The search mix: texts a shopper types, drawn from the seeded catalogue's words, each asked once. The shares follow
 * the issue: plain words and prefixes, two words, brand and word, typos of one and two letters, Arabic in every
 * spelling normalizeArabic folds, Arabic mixed with Latin, and a tenth that matches nothing; each under one of the
 * four sort orders.
 */
const KINDS = /** @type {const} */ ([
  ['word', 12],
  ['two_words', 12],
  ['brand_word', 12],
  ['typo1', 14],
  ['typo2', 10],
  ['arabic', 20],
  ['mixed', 10],
  ['nomatch', 10],
]);
/** @typedef {(typeof KINDS)[number][0]} Kind */
/** The storefront's sort orders: relevance (none given) and the three it offers. */
const SORTS = [null, 'Price: Low to High', 'Price: High to Low', 'Avg. Customer review'];

const lower = (/** @type {string} */ s) => s.toLowerCase();
const BRAND_WORDS = BRANDS.map(lower);
/** Words of product names as a shopper types them ('t-shirt' stays whole: search splits it as the names are split). */
const NAME_WORDS = [...new Set([...NOUNS.flatMap((noun) => noun.split(' ')), ...ADJECTIVES].map(lower))];
const LATIN_WORDS = [...BRAND_WORDS, ...NAME_WORDS];
/** The words a typo is made in: long enough to be found again despite it. */
const LONG_WORDS = LATIN_WORDS.filter((word) => word.length >= 5);
const NOUN_WORDS = NOUNS.map((noun) => noun.split(' ').map(lower));
const ARABIC_WORDS = [...new Set([...NOUNS_AR, ...BRANDS_AR, ...ADJECTIVES_AR].flatMap((name) => name.split(' ')))];
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
/** Letters whose trigrams no catalogue word has: texts of them match nothing, even typo-tolerantly. */
const ABSENT = [...'qxzjvw'];

/** A small deterministic generator (mulberry32): the same run asks the same queries. @param {number} seed */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * Arabic respellings that normalizeArabic (packages/contracts/src/arabic.ts) folds back to the stored spelling,
 * each as a name and a rewrite of one word (null when the word has nothing it applies to).
 * @type {[string, (word: string, pick: <T>(list: T[]) => T) => string | null][]}
 */
const SPELLINGS = [
  // Alef with or without its hamza or madda, wherever an alef stands.
  [
    'alef',
    (word, pick) => {
      const at = [...word].flatMap((letter, i) => ('اأإآٱ'.includes(letter) ? [i] : []));
      if (!at.length) return null;
      const i = pick(at);
      const letters = [...word];
      letters[i] = pick([...'اأإآٱ'].filter((alef) => alef !== letters[i]));
      return letters.join('');
    },
  ],
  ['ta_marbuta', (word) => (word.endsWith('ة') ? `${word.slice(0, -1)}ه` : null)],
  ['alef_maqsura', (word) => (word.endsWith('ي') ? `${word.slice(0, -1)}ى` : null)],
  ['hamza_on_waw', (word) => (word.includes('و') ? word.replace('و', 'ؤ') : null)],
  ['hamza_on_ya', (word) => (word.slice(1, -1).includes('ي') ? word[0] + word.slice(1).replace('ي', 'ئ') : null)],
  [
    'harakat',
    (word, pick) => {
      const i = pick([...Array(word.length).keys()]) + 1;
      return word.slice(0, i) + pick([...'\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652']) + word.slice(i);
    },
  ],
  ['dagger_alef', (word, pick) => insertInside(word, '\u0670', pick)],
  ['tatweel', (word, pick) => insertInside(word, '\u0640', pick)],
];

/** @param {string} word @param {string} mark @param {<T>(list: T[]) => T} pick */
function insertInside(word, mark, pick) {
  if (word.length < 2) return null;
  const i = pick([...Array(word.length - 1).keys()]) + 1;
  return word.slice(0, i) + mark + word.slice(i);
}

const ARABIC_INDIC = ['٠١٢٣٤٥٦٧٨٩', '۰۱۲۳۴۵۶۷۸۹'];

/**
 * Distinct search addresses, in a fixed order for a given seed: `take(n)` gives the next `n`, none given before.
 * @param {number} [seed]
 */
export function queryMix(seed = 1) {
  const next = random(seed);
  /** @template T @param {T[]} list @returns {T} */
  const pick = (list) => /** @type {T} */ (list[Math.floor(next() * list.length)]);
  const chance = (/** @type {number} */ p) => next() < p;
  const totalWeight = KINDS.reduce((sum, [, weight]) => sum + weight, 0);
  /** @returns {Kind} */
  const kind = () => {
    let r = next() * totalWeight;
    for (const [name, weight] of KINDS) if ((r -= weight) < 0) return name;
    return 'word';
  };
  /** A word or, as a shopper types while the suggestions come, a prefix of it (three letters at least). */
  const prefixOf = (/** @type {string} */ word) =>
    word.length > 4 && chance(0.4) ? word.slice(0, 3 + Math.floor(next() * (word.length - 3))) : word;
  /** One typing slip: a letter replaced, dropped, doubled or swapped with the next. @param {string} word */
  const slip = (word) => {
    const i = Math.floor(next() * word.length);
    switch (Math.floor(next() * 4)) {
      case 0:
        return word.slice(0, i) + pick(LETTERS.filter((l) => l !== word[i])) + word.slice(i + 1);
      case 1:
        return word.slice(0, i) + word.slice(i + 1);
      case 2:
        return word.slice(0, i) + pick(LETTERS) + word.slice(i);
      default:
        return i < word.length - 1 ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : `${word}s`;
    }
  };
  const longWord = () => pick(LONG_WORDS);
  /** The respellings of the query being made: counted if it is taken. @type {string[]} */
  let respellings = [];
  /** One Arabic word respelled as the fold allows, one or two ways. */
  const respelled = () => {
    let word = pick(ARABIC_WORDS);
    const ways = chance(0.3) ? 2 : 1;
    for (let done = 0, tries = 0; done < ways && tries < 20; tries++) {
      const [name, rewrite] = pick(SPELLINGS);
      const changed = rewrite(word, pick);
      if (changed === null || changed === word) continue;
      word = changed;
      respellings.push(name);
      done++;
    }
    return word;
  };
  const arabicNumber = () => {
    const digits = pick(ARABIC_INDIC);
    respellings.push('digits');
    return [...String(Math.floor(next() * 997))].map((d) => digits[Number(d)]).join('');
  };
  /** @type {Record<Kind, () => string>} */
  const makers = {
    word: () => prefixOf(pick(LATIN_WORDS)),
    two_words: () => {
      const noun = pick(NOUN_WORDS);
      if (noun.length > 1 && chance(0.5)) return noun.join(' ');
      const adjective = lower(pick(ADJECTIVES));
      const word = prefixOf(pick(noun));
      return chance(0.5) ? `${word} ${adjective}` : `${adjective} ${word}`;
    },
    brand_word: () => `${pick(BRAND_WORDS)} ${prefixOf(pick(NAME_WORDS))}`,
    typo1: () => (chance(0.5) ? slip(longWord()) : `${pick(BRAND_WORDS)} ${slip(longWord())}`),
    typo2: () => (chance(0.5) ? slip(slip(longWord())) : `${slip(longWord())} ${slip(longWord())}`),
    arabic: () => {
      const words = [respelled()];
      if (chance(0.4)) words.push(respelled());
      if (chance(0.15)) words.push(arabicNumber());
      return words.join(' ');
    },
    mixed: () => (chance(0.5) ? `${pick(BRAND_WORDS)} ${respelled()}` : `${respelled()} ${prefixOf(pick(NAME_WORDS))}`),
    nomatch: () =>
      Array.from({ length: chance(0.3) ? 2 : 1 }, () =>
        Array.from({ length: 5 + Math.floor(next() * 4) }, () => pick(ABSENT)).join(''),
      ).join(' '),
  };

  const seen = new Set();
  /** @type {Record<string, number>} */
  const kinds = {};
  /** @type {Record<string, number>} */
  const spellings = {};
  /**
   * @param {number} n
   * @param {boolean} [exactly] false: fewer than `n` when the mix runs out, rather than an error
   * @returns {{ url: string, kind: Kind }[]}
   */
  function take(n, exactly = true) {
    const out = [];
    for (let misses = 0; out.length < n;) {
      const k = kind();
      const sortBy = pick(SORTS);
      respellings = [];
      const params = new URLSearchParams([
        ['name', makers[k]()],
        ['includeOutOfStock', 'true'],
      ]);
      if (sortBy) params.append('sortBy', sortBy);
      // As the storefront builds it (searchApi.ts): the same text and order make the same address.
      const url = `/api/product/search?${params}`;
      if (seen.has(url)) {
        if (++misses <= 100_000) continue;
        if (!exactly) return out;
        throw new Error(`the search mix has no more distinct queries after ${seen.size}`);
      }
      seen.add(url);
      kinds[k] = (kinds[k] ?? 0) + 1;
      for (const name of respellings) spellings[name] = (spellings[name] ?? 0) + 1;
      out.push({ url, kind: k });
    }
    return out;
  }

  /** How many queries were taken, by kind, and the Arabic respellings among them. */
  const tally = () => ({ queries: seen.size, kinds: { ...kinds }, arabic_spellings: { ...spellings } });

  return { take, tally };
}
