/** Egypt's 27 governorates, the `state` of an Egyptian address, in English alphabetical order. */
export const EGYPT_GOVERNORATES = [
  'Alexandria',
  'Aswan',
  'Asyut',
  'Beheira',
  'Beni Suef',
  'Cairo',
  'Dakahlia',
  'Damietta',
  'Faiyum',
  'Gharbia',
  'Giza',
  'Ismailia',
  'Kafr El Sheikh',
  'Luxor',
  'Matrouh',
  'Minya',
  'Monufia',
  'New Valley',
  'North Sinai',
  'Port Said',
  'Qalyubia',
  'Qena',
  'Red Sea',
  'Sharqia',
  'Sohag',
  'South Sinai',
  'Suez',
] as const;

/** The shop is Egyptian, so Egypt is the country a new address starts with. */
export const DEFAULT_COUNTRY = 'Egypt';

/** Whether a typed country means Egypt, in English or Arabic, whatever the case and spacing. */
export const isEgypt = (country: string) => ['egypt', 'مصر'].includes(country.trim().toLowerCase());
