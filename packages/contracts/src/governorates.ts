// Without zod: an address is printed on pages that load no validation code (e2e/storefront/first-load.spec.ts).

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
export type Governorate = (typeof EGYPT_GOVERNORATES)[number];

export const isGovernorate = (state: string): state is Governorate =>
  (EGYPT_GOVERNORATES as readonly string[]).includes(state);
