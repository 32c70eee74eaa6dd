/**
 * Money is counted in integer piastres (1 EGP = 100) and travels as EGP numbers with at most two decimals:
 * sums of EGP numbers drift by fractions of a piastre (docs/decisions/money-in-piastres.md).
 */
export const toPiastres = (egp: number): number => Math.round(egp * 100);
export const toEgp = (piastres: number): number => piastres / 100;

/** Price × quantity of each line, summed in piastres. */
export const linesPiastres = (lines: readonly { price: number; quantity: number }[]): number =>
  lines.reduce((sum, line) => sum + toPiastres(line.price) * line.quantity, 0);

/** Price × quantity of each line, summed exactly, in EGP. */
export const linesTotal = (lines: readonly { price: number; quantity: number }[]): number =>
  toEgp(linesPiastres(lines));
