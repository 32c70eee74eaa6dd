/** The shop is Egyptian, so Egypt is the country a new address starts with. */
export const DEFAULT_COUNTRY = 'Egypt';

/** Whether a typed country means Egypt, in English or Arabic, whatever the case and spacing. */
export const isEgypt = (country: string) => ['egypt', 'مصر'].includes(country.trim().toLowerCase());
