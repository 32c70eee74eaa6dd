import type { LocalText } from '../i18n/localized';

/**
 * Catalogue text in place. The fallback (English on an Arabic page) is marked with its language and
 * isolated with its own direction, so its punctuation stays where it belongs.
 */
export function Localized({ value }: { value: LocalText }) {
  return value.lang ? (
    <span lang={value.lang} dir="auto">
      {value.text}
    </span>
  ) : (
    value.text
  );
}
