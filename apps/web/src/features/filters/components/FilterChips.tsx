import { useRef } from 'react';
import type { ProductFilters } from '@shop/contracts';
import { CloseIcon } from '../../../components/icons';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatPrice } from '../../../lib/format';

interface Chip {
  key: string;
  label: string;
  without: ProductFilters;
}

/** One chip per brand, one for the price range, one per other filter: each removes what it names. */
function chipsOf(filters: ProductFilters, t: ReturnType<typeof useTranslation>['t'], price: (egp: number) => string) {
  const chips: Chip[] = (filters.brand ?? []).map((brand) => {
    const rest = (filters.brand ?? []).filter((value) => value !== brand);
    return { key: `brand:${brand}`, label: brand, without: { ...filters, brand: rest.length ? rest : undefined } };
  });
  const { minPrice: min, maxPrice: max } = filters;
  if (min !== undefined || max !== undefined) {
    const label =
      min !== undefined && max !== undefined
        ? t('filters.priceBetween', { min: price(min), max: price(max) })
        : min !== undefined
          ? t('filters.priceFrom', { min: price(min) })
          : t('filters.priceUpTo', { max: price(max ?? 0) });
    chips.push({ key: 'price', label, without: { ...filters, minPrice: undefined, maxPrice: undefined } });
  }
  if (filters.rating !== undefined)
    chips.push({
      key: 'rating',
      label: t('filters.ratingAtLeast', { stars: filters.rating }),
      without: { ...filters, rating: undefined },
    });
  if (filters.inStock)
    chips.push({ key: 'inStock', label: t('filters.inStock'), without: { ...filters, inStock: undefined } });
  if (filters.cod) chips.push({ key: 'cod', label: t('filters.cod'), without: { ...filters, cod: undefined } });
  return chips;
}

/** The active filters as removable chips, and "Clear all"; nothing when no filter is set. */
export function FilterChips({
  filters,
  onChange,
}: {
  filters: ProductFilters;
  onChange: (next: ProductFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const region = useRef<HTMLDivElement>(null);
  const chips = chipsOf(filters, t, (egp) => formatPrice(egp, intlLocale(i18n.language)));
  if (!chips.length) return null;

  // The button pressed goes with its chip: the keyboard stays in the chips' region rather than fall to the page's start.
  const change = (next: ProductFilters) => {
    onChange(next);
    region.current?.focus();
  };

  return (
    <div
      ref={region}
      tabIndex={-1}
      role="region"
      aria-label={t('filters.active')}
      className="filter-chips d-flex flex-wrap align-items-center gap-2 mb-3"
    >
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary rounded-pill filter-chip"
              aria-label={t('filters.remove', { label: chip.label })}
              onClick={() => change(chip.without)}
            >
              <span>{chip.label}</span>
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-sm btn-link" onClick={() => change({})}>
        {t('filters.clearAll')}
      </button>
    </div>
  );
}
