import { describe, expect, it } from 'vitest';
import en from './en.json';
import ar from './ar.json';
import checkoutEn from './checkout.en.json';
import checkoutAr from './checkout.ar.json';
import adminEn from './admin.en.json';
import adminAr from './admin.ar.json';
import { Translator } from './translator';

/** The validation texts move from en.json to packages/contracts, so the Arabic file does not carry them. */
const storefrontEn = Object.fromEntries(Object.entries(en).filter(([section]) => section !== 'validation'));

const FILES = [
  { name: 'ar.json', english: storefrontEn, arabic: ar },
  { name: 'checkout.ar.json', english: checkoutEn, arabic: checkoutAr },
  { name: 'admin.ar.json', english: adminEn, arabic: adminAr },
];

/**
 * Latin text an Arabic page may still show: the brand, the currency code, the card brand, the payment gateway's brand, and
 * codes printed on cards or files (file types, card expiry format, security code), and the Tax Authority's item code
 * kinds (GS1, EGS and an EGS code's shape).
 */
const LATIN_ALLOWED = [
  'EGP Shop',
  'EGP',
  'Visa',
  'Paymob',
  'PNG',
  'JPEG',
  'MM/YY',
  'CVC',
  'CSV',
  'UTF-8',
  'EG-<RIN>-…',
  'EGS',
  'GS1',
];
/** The logo spells the brand name in two styled halves, so " Shop" stands alone there. */
const LATIN_KEYS = ['app.brandSecond'];

const ENGLISH_PLURALS = new Intl.PluralRules('en').resolvedOptions().pluralCategories;
const ARABIC_PLURALS = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;
/** Arabic names one, two and none with words ("منتجان"), so only these forms may leave out the number. */
const WORDED_FORMS: readonly string[] = ['zero', 'one', 'two'];
/** The numbers such a form may leave out: the count, and the start of a range that ends there ("يوم أو يومين"). */
const WORDED_NUMBERS: readonly string[] = ['{{count}}', '{{min}}'];

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [child, text] of flatten(value, `${path}.`)) entries.set(child, text);
  }
  return entries;
}

/** A plural key's base and form (`cartCount_one` → `cartCount`, `one`), or null for a plain key. */
function pluralOf(key: string, categories: readonly string[]) {
  const separator = key.lastIndexOf('_');
  const category = key.slice(separator + 1);
  return separator > 0 && categories.includes(category) ? { base: key.slice(0, separator), category } : null;
}

/** `{{placeholder}}`s and `<1>…</1>` Trans tags: the parts of a text that code fills in or wraps. */
const TOKEN = /{{[^}]*}}|<\/?\d+\s*\/?>/g;
const tokens = (text: string) => new Set(text.match(TOKEN)?.map((token) => token.replace(/\s/g, '')));

const sorted = (values: Iterable<string>) => [...values].sort();

/** The Arabic keys an English key asks for: its own key, or every Arabic plural form of its base. */
function arabicKeysFor(englishKeys: Iterable<string>) {
  const keys = new Set<string>();
  for (const key of englishKeys) {
    const plural = pluralOf(key, ENGLISH_PLURALS);
    if (plural) for (const category of ARABIC_PLURALS) keys.add(`${plural.base}_${category}`);
    else keys.add(key);
  }
  return keys;
}

/** What a key's English texts fill in: every plural form together, since each form may show fewer. */
function englishTokens(english: Map<string, string>) {
  const byBase = new Map<string, Set<string>>();
  for (const [key, text] of english) {
    const base = pluralOf(key, ENGLISH_PLURALS)?.base ?? key;
    byBase.set(base, new Set([...(byBase.get(base) ?? []), ...tokens(text)]));
  }
  return byBase;
}

describe.each(FILES)('$name', ({ english, arabic }) => {
  const englishTexts = flatten(english);
  const arabicTexts = flatten(arabic);

  it('has exactly the keys of the English file, with every Arabic plural form', () => {
    const expected = arabicKeysFor(englishTexts.keys());
    const actual = new Set(arabicTexts.keys());
    const missing = sorted([...expected].filter((key) => !actual.has(key)));
    const extra = sorted([...actual].filter((key) => !expected.has(key)));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('keeps the placeholders and Trans tags of the English text', () => {
    const expectedByBase = englishTokens(englishTexts);
    const changed = [...arabicTexts].flatMap(([key, text]) => {
      const plural = pluralOf(key, ARABIC_PLURALS);
      const optional = plural && WORDED_FORMS.includes(plural.category) ? WORDED_NUMBERS : [];
      const expected = sorted(
        [...(expectedByBase.get(plural?.base ?? key) ?? [])].filter((token) => !optional.includes(token)),
      );
      const actual = sorted([...tokens(text)].filter((token) => !optional.includes(token)));
      return actual.join() === expected.join() ? [] : [{ key, expected, actual }];
    });
    expect(changed).toEqual([]);
  });

  it('leaves no English words outside brand names and codes', () => {
    const untranslated = [...arabicTexts].filter(([key, text]) => {
      if (LATIN_KEYS.includes(key)) return false;
      const rest = LATIN_ALLOWED.reduce((remaining, term) => remaining.replaceAll(term, ' '), text.replace(TOKEN, ' '));
      return /[A-Za-z]/.test(rest);
    });
    expect(untranslated).toEqual([]);
  });
});

describe('Arabic plurals in the translator', () => {
  it('picks the Arabic form that each count needs', () => {
    const i18n = new Translator<'nav.cartCount', 'ar'>({ directions: { ar: 'rtl' }, fallback: 'ar', texts: ar });
    const rules = new Intl.PluralRules('ar');
    const forms: Record<string, string> = ar.nav;
    for (const count of [0, 1, 2, 3, 11, 100]) {
      const form = forms[`cartCount_${rules.select(count)}`];
      expect(i18n.t('nav.cartCount', { count })).toBe(form?.replace('{{count}}', String(count)));
    }
  });
});
