/**
 * The locale numbers, prices and dates are written in for a language: Arabic as Egypt writes it but with
 * Latin digits, as the shop shows prices, order references and tracking numbers.
 */
export const intlLocale = (language: string) => (language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-EG');

/** Names said as a sentence says them, "Size, Colour, and Fit"; in Arabic "المقاس واللون والقصّة". */
export const conjunction = (language: string) => new Intl.ListFormat(intlLocale(language), { type: 'conjunction' });

/** Names listed in a line of text: "M, Red"; in Arabic with the Arabic comma, "وسط، أحمر". */
export const listed = (names: readonly string[], language: string): string =>
  names.join(language === 'ar' ? '، ' : ', ');
