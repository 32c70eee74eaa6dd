import { isSaid, productFiltersSchema, type PriceRange } from '@shop/contracts';

type PriceField = keyof PriceRange;
/** Per field, the shared rule's message by key, or null for a malformed amount (the panel words that itself). */
export type PriceErrors = Partial<Record<PriceField, string | null>>;

/** The panel's two price fields read by the shared rule: empty is no bound. */
export function readPriceRange(min: string, max: string): { range: PriceRange } | { errors: PriceErrors } {
  const parsed = productFiltersSchema.safeParse({
    minPrice: min.trim() || undefined,
    maxPrice: max.trim() || undefined,
  });
  if (parsed.success) return { range: { minPrice: parsed.data.minPrice, maxPrice: parsed.data.maxPrice } };
  const errors: PriceErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'minPrice' || field === 'maxPrice') && !errors[field])
      errors[field] = isSaid(issue.message) ? issue.message : null;
  }
  return { errors };
}
