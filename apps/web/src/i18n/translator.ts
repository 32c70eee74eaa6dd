/** A language's texts: strings nested in sections, reached by a dotted key ('admin.toasts.categoryAdded'). */
export type Texts = { readonly [name: string]: string | Texts };

type PluralForm = Intl.LDMLPluralRule;

/**
 * The keys `t` takes for a tree of texts: the dotted path of each string, with a plural family
 * (`cartCount_one`, `cartCount_other`, …) asked for by its base name (`cartCount`) and a count.
 */
export type KeyOf<T> = {
  [Name in keyof T & string]: T[Name] extends string
    ? Name extends `${infer Base}_${PluralForm}`
      ? Base
      : Name
    : `${Name}.${KeyOf<T[Name]>}`;
}[keyof T & string];

/** What a text's `{{placeholders}}` are filled with; `count` also picks the plural form. */
export type Values = { readonly count?: number; readonly [name: string]: string | number | undefined };

export type Direction = 'ltr' | 'rtl';

/** A text's `{{placeholder}}`, its name captured (spaces inside the braces allowed). */
export const PLACEHOLDER = /{{(.+?)}}/g;

/**
 * Fills the placeholders as i18next does with escapeValue off, so texts read as they did: values go
 * in unescaped (React escapes them), one given as undefined leaves the place empty, and one not
 * given at all leaves the placeholder as written.
 */
function interpolate(text: string, values: Values): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const key = name.trim();
    return Object.hasOwn(values, key) ? String(values[key] ?? '') : placeholder;
  });
}

function find(texts: Texts | undefined, key: string): string | undefined {
  let found: string | Texts | undefined = texts;
  for (const name of key.split('.')) {
    if (found === undefined || typeof found === 'string') return undefined;
    found = found[name];
  }
  return typeof found === 'string' ? found : undefined;
}

/** Adds the texts `kept` lacks, section by section; a text already there stays (i18next's deep, no-overwrite merge). */
function merge(kept: Texts, added: Texts): Texts {
  const merged: Record<string, string | Texts> = { ...kept };
  for (const [name, text] of Object.entries(added)) {
    const current = merged[name];
    if (current === undefined) merged[name] = text;
    else if (typeof current !== 'string' && typeof text !== 'string') merged[name] = merge(current, text);
  }
  return merged;
}

export interface TranslatorOptions<Language extends string> {
  /** Every language offered, with its writing direction. */
  readonly directions: Readonly<Record<Language, Direction>>;
  /** The starting language, whose texts also stand in for any text another language lacks. */
  readonly fallback: Language;
  readonly texts: Texts;
}

/**
 * The part of i18next the shop uses: nested keys, `{{placeholders}}`, i18next's plural keys, a
 * fallback language, texts merged in as their files arrive, and change notices for React.
 */
export class Translator<Key extends string, Language extends string> {
  language: Language;
  private readonly fallback: Language;
  private readonly directions: Readonly<Record<Language, Direction>>;
  private readonly texts = new Map<Language, Texts>();
  private readonly pluralRules = new Map<Language, Intl.PluralRules>();
  private readonly languageListeners = new Set<(language: Language) => void>();
  private readonly changeListeners = new Set<() => void>();
  private version = 0;
  private readonly views = new Map<Language, this>();

  constructor({ directions, fallback, texts }: TranslatorOptions<Language>) {
    this.language = fallback;
    this.fallback = fallback;
    this.directions = directions;
    this.texts.set(fallback, texts);
  }

  /** The text of `key` in the current language, else in the fallback language, else the key itself. */
  t = (key: Key, values: Values = {}): string => interpolate(this.lookUp(key, values.count) ?? key, values);

  private lookUp(key: string, count: number | undefined): string | undefined {
    const languages = this.language === this.fallback ? [this.language] : [this.language, this.fallback];
    for (const language of languages) {
      for (const candidate of this.candidates(key, count, language)) {
        const text = find(this.texts.get(language), candidate);
        if (text !== undefined) return text;
      }
    }
    return undefined;
  }

  /**
   * i18next's order within a language: `key_zero` for a count of 0 even where the language's rules
   * have no zero form, then the form the rules pick, then the bare key. There is no step to `key_other`:
   * a form the current language lacks comes from the fallback language's form for that count.
   */
  private candidates(key: string, count: number | undefined, language: Language): string[] {
    if (count === undefined) return [key];
    const form = `${key}_${this.pluralForm(language, count)}`;
    return count === 0 ? [`${key}_zero`, form, key] : [form, key];
  }

  private pluralForm(language: Language, count: number): PluralForm {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  /**
   * The same texts read in `language`, whatever the current one is: for a document written in another
   * language than the page around it (a packing slip in its order's). The view shares this translator's
   * texts, so a file merged later reaches it too; changing its language changes only the view's.
   */
  in(language: Language): this {
    if (language === this.language) return this;
    let view = this.views.get(language);
    if (!view) {
      view = Object.create(this) as this;
      view.language = language;
      const scoped = view;
      scoped.t = (key: Key, values: Values = {}) => interpolate(scoped.lookUp(key, values.count) ?? key, values);
      this.views.set(language, view);
    }
    return view;
  }

  dir(language: Language): Direction {
    return this.directions[language];
  }

  changeLanguage(language: Language): void {
    this.language = language;
    for (const listener of this.languageListeners) listener(language);
    this.changed();
  }

  /** Merges a file's texts into `language`'s; texts already there are kept. */
  addResourceBundle(language: Language, texts: Texts): void {
    this.texts.set(language, merge(this.texts.get(language) ?? {}, texts));
    this.changed();
  }

  onLanguageChanged(listener: (language: Language) => void): () => void {
    this.languageListeners.add(listener);
    return () => this.languageListeners.delete(listener);
  }

  /** For useSyncExternalStore: `listener` runs after any change that can alter a text (language, texts). */
  subscribe = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  /** Changes with every language switch and every merged file, so React knows when to render again. */
  getVersion = (): number => this.version;

  private changed() {
    this.version += 1;
    for (const listener of this.changeListeners) listener();
  }
}
