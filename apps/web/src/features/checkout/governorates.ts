/** The shop is Egyptian, so Egypt is the country a new address starts with. */
export const DEFAULT_COUNTRY = 'Egypt';

/** Whether a typed country means Egypt, in English or Arabic, whatever the case and spacing. */
export const isEgypt = (country: string) => ['egypt', 'مصر'].includes(country.trim().toLowerCase());

/**
 * The country as an address keeps it: Egypt by its English name whatever language it was typed in (as a
 * governorate is kept), so the courier, the dashboard and both languages read one value; another one as typed.
 */
export const storedCountry = (country: string) => (isEgypt(country) ? DEFAULT_COUNTRY : country);
