import type { InstalmentOffer } from './checkout.js';

// Without zod: the product page shows the monthly figure, and a storefront page loads no validation code until a
// form opens (e2e/storefront/first-load.spec.ts).

/** The instalment plans' names as shoppers know them; a plan not listed here shows by its own name. */
export const INSTALMENT_PLAN_NAMES: Record<string, { en: string; ar: string }> = {
  valu: { en: 'valU', ar: 'ڤاليو' },
  souhoola: { en: 'Souhoola', ar: 'سهولة' },
  aman: { en: 'Aman', ar: 'أمان' },
  contact: { en: 'Contact', ar: 'كونتكت' },
  sympl: { en: 'SYMPL', ar: 'سيمبل' },
  forsa: { en: 'Forsa', ar: 'فرصة' },
  halan: { en: 'Halan', ar: 'حالا' },
  premium: { en: 'Premium', ar: 'بريميوم' },
};
export const instalmentPlanName = (method: string, language: 'en' | 'ar'): string =>
  INSTALMENT_PLAN_NAMES[method]?.[language] ?? method;

/**
 * What a price costs a month on the longest plan length the merchant lists, in EGP (rounded up to the piastre), over
 * the plans that take that price; null when none does.
 */
export function monthlyInstalment(price: number, plans: readonly InstalmentOffer[]): number | null {
  let best: number | null = null;
  for (const plan of plans) {
    const months = Math.max(...plan.months);
    if (price < plan.minBill || !Number.isFinite(months) || months < 1) continue;
    // In whole piastres and basis points, so a round price divides without a float's stray piastre.
    const basisPoints = 10_000 + Math.round(plan.interestPercent * 100);
    const monthly = Math.ceil((Math.round(price * 100) * basisPoints) / (10_000 * months)) / 100;
    if (best === null || monthly < best) best = monthly;
  }
  return best;
}
