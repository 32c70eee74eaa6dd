import { describe, expect, it, vi } from 'vitest';
import { Translator, type KeyOf } from './translator';

const english = {
  greeting: 'Hello, {{name}}',
  cart: {
    title: 'Your cart',
    line: '{{ count }} × {{name}} from {{shop}}',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    empty: 'Nothing here',
  },
  orders_zero: 'No orders yet',
  orders_one: 'One order',
  orders_other: '{{count}} orders',
  saved: 'Saved',
  reviews_other: '{{count}} reviews',
} as const;

const arabic = {
  greeting: 'أهلًا، {{name}}',
  cart: {
    title: 'سلتك',
    items_zero: 'لا عناصر',
    items_one: 'عنصر واحد',
    items_two: 'عنصران',
    items_few: '{{count}} عناصر',
    items_many: '{{count}} عنصرًا',
    items_other: '{{count}} عنصر',
  },
  // No zero, two, few or many form: those counts take English's form for the same count.
  orders_one: 'طلب واحد',
  orders_other: '{{count}} طلب',
  saved: 'تم الحفظ',
};

type Key = KeyOf<typeof english> | 'missing.key';

function translator() {
  const i18n = new Translator<Key, 'en' | 'ar'>({
    directions: { en: 'ltr', ar: 'rtl' },
    fallback: 'en',
    texts: english,
  });
  i18n.addResourceBundle('ar', arabic);
  return i18n;
}

function inArabic() {
  const i18n = translator();
  i18n.changeLanguage('ar');
  return i18n;
}

describe('t', () => {
  it('reads nested keys and fills every placeholder, spaces inside the braces allowed', () => {
    const { t } = translator();
    expect(t('cart.title')).toBe('Your cart');
    expect(t('cart.line', { count: 2, name: 'Kettle', shop: 'EGP Shop' })).toBe('2 × Kettle from EGP Shop');
  });

  it('inserts values as they are, with no HTML escaping', () => {
    expect(translator().t('greeting', { name: '<b>Ahmed & Sons</b>' })).toBe('Hello, <b>Ahmed & Sons</b>');
  });

  it('leaves a placeholder whose value was not given, and empties one given as undefined (as i18next does)', () => {
    const { t } = translator();
    expect(t('greeting')).toBe('Hello, {{name}}');
    expect(t('greeting', { name: undefined })).toBe('Hello, ');
  });

  it('returns the key itself for a text no language has', () => {
    expect(translator().t('missing.key')).toBe('missing.key');
    expect(inArabic().t('missing.key', { count: 3 })).toBe('missing.key');
  });

  it('takes only the texts’ keys, a plural family by its base name (tsc checks this test)', () => {
    const { t } = translator();
    // @ts-expect-error: a misspelt key does not compile.
    expect(t('cart.titel')).toBe('cart.titel');
    // @ts-expect-error: nor does one plural form's own key; the count picks the form.
    expect(t('cart.items_one')).toBe('{{count}} item');
    expect(t('cart.items', { count: 1 })).toBe('1 item');
  });

  it('returns the key for a section, which is not a text', () => {
    expect(translator().t('cart' as Key)).toBe('cart');
  });
});

describe('plurals', () => {
  const counts = [0, 1, 2, 3, 11, 100];

  it('uses the English one and other forms', () => {
    const { t } = translator();
    expect(counts.map((count) => t('cart.items', { count }))).toEqual([
      '0 items',
      '1 item',
      '2 items',
      '3 items',
      '11 items',
      '100 items',
    ]);
  });

  it('uses key_zero for 0 whenever it exists, though English rules have no zero form', () => {
    const { t } = translator();
    expect(counts.map((count) => t('orders', { count }))).toEqual([
      'No orders yet',
      'One order',
      '2 orders',
      '3 orders',
      '11 orders',
      '100 orders',
    ]);
  });

  it('uses all six Arabic forms', () => {
    const { t } = inArabic();
    expect(counts.map((count) => t('cart.items', { count }))).toEqual([
      'لا عناصر',
      'عنصر واحد',
      'عنصران',
      '3 عناصر',
      '11 عنصرًا',
      '100 عنصر',
    ]);
  });

  it('takes a form Arabic lacks from English for the same count, not from the Arabic other form', () => {
    const { t } = inArabic();
    expect(counts.map((count) => t('orders', { count }))).toEqual([
      'No orders yet',
      'طلب واحد',
      '2 orders',
      '3 orders',
      '11 orders',
      '100 طلب',
    ]);
  });

  it('falls back to the bare key when no plural form matches, and ignores plural forms without a count', () => {
    const { t } = translator();
    expect(t('saved', { count: 1 })).toBe('Saved');
    expect(t('reviews', { count: 1 })).toBe('reviews');
    expect(t('cart.items')).toBe('cart.items');
  });
});

describe('languages', () => {
  it('shows the current language and falls back to English for a text it lacks', () => {
    const { t } = inArabic();
    expect(t('greeting', { name: 'منى' })).toBe('أهلًا، منى');
    expect(t('cart.empty')).toBe('Nothing here');
  });

  it('knows each language’s direction', () => {
    const i18n = translator();
    expect([i18n.dir('en'), i18n.dir('ar')]).toEqual(['ltr', 'rtl']);
  });

  it('tells language listeners and change subscribers about a switch', () => {
    const i18n = translator();
    const languageChanged = vi.fn();
    const changed = vi.fn();
    i18n.onLanguageChanged(languageChanged);
    const unsubscribe = i18n.subscribe(changed);
    const before = i18n.getVersion();
    i18n.changeLanguage('ar');
    expect(i18n.language).toBe('ar');
    expect(languageChanged).toHaveBeenCalledExactlyOnceWith('ar');
    expect(changed).toHaveBeenCalledOnce();
    expect(i18n.getVersion()).not.toBe(before);
    unsubscribe();
    i18n.changeLanguage('en');
    expect(changed).toHaveBeenCalledOnce();
    expect(languageChanged).toHaveBeenLastCalledWith('en');
  });
});

describe('addResourceBundle', () => {
  it('adds the texts a language lacks, section by section, keeping those it has', () => {
    const i18n = inArabic();
    i18n.addResourceBundle('ar', { saved: 'محفوظ', cart: { title: 'عربة', empty: 'لا شيء هنا' } });
    expect([i18n.t('saved'), i18n.t('cart.title'), i18n.t('cart.empty'), i18n.t('cart.items', { count: 2 })]).toEqual([
      'تم الحفظ',
      'سلتك',
      'لا شيء هنا',
      'عنصران',
    ]);
  });

  it('lets neither a text replace a section nor a section replace a text', () => {
    const i18n = translator();
    i18n.addResourceBundle('en', { cart: 'Cart', saved: { now: 'Saved now' } });
    expect([i18n.t('cart.title'), i18n.t('saved')]).toEqual(['Your cart', 'Saved']);
  });

  it('leaves the merged objects as they were', () => {
    const kept = { cart: { title: 'Your cart' } };
    const added = { cart: { empty: 'Nothing here' } };
    const i18n = new Translator<Key, 'en'>({ directions: { en: 'ltr' }, fallback: 'en', texts: kept });
    i18n.addResourceBundle('en', added);
    expect(i18n.t('cart.empty')).toBe('Nothing here');
    expect(kept).toEqual({ cart: { title: 'Your cart' } });
    expect(added).toEqual({ cart: { empty: 'Nothing here' } });
  });

  it('tells change subscribers, so texts that landed late are shown', () => {
    const i18n = translator();
    const changed = vi.fn();
    i18n.subscribe(changed);
    const before = i18n.getVersion();
    i18n.addResourceBundle('ar', { saved: 'محفوظ' });
    expect(changed).toHaveBeenCalledOnce();
    expect(i18n.getVersion()).not.toBe(before);
  });
});
