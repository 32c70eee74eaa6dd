/** Prices are stored as integer piastres and travel as EGP numbers with at most two decimals. */
export const toPiastres = (egp: number): number => Math.round(egp * 100);
export const toEgp = (piastres: number): number => piastres / 100;
