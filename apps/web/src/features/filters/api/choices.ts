import type { ProductFilters } from '@shop/contracts';

/** `values` with `value` added, or taken out when it was there; undefined once none is left (no filter). */
export function toggled(values: readonly string[] | undefined, value: string): string[] | undefined {
  const next = values?.includes(value) ? values.filter((v) => v !== value) : [...(values ?? []), value];
  return next.length ? next : undefined;
}

/** The values of `option` chosen (an option may be named anything, `constructor` included: no lookup by key). */
export const chosenValues = (filters: ProductFilters, option: string): string[] =>
  Object.entries(filters.options ?? {}).find(([name]) => name === option)?.[1] ?? [];

/**
 * The filters with `value` of `option` chosen, or unchosen when it was. The options keep their order (the
 * address's), and one left without values goes.
 */
export function toggleOption(filters: ProductFilters, option: string, value: string): ProductFilters {
  const current = Object.entries(filters.options ?? {});
  const listed = current.some(([name]) => name === option) ? current : [...current, [option, []] as [string, string[]]];
  const options = listed.flatMap(([name, values]) => {
    const next = name === option ? toggled(values, value) : values;
    return next ? [[name, next] as const] : [];
  });
  return { ...filters, options: options.length ? Object.fromEntries(options) : undefined };
}
