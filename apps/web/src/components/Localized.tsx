import type { LocalText } from '../i18n/localized';

/** Catalogue text in place; marked with its language when it is the fallback (English on an Arabic page). */
export function Localized({ value }: { value: LocalText }) {
  return value.lang ? <span lang={value.lang}>{value.text}</span> : value.text;
}
