import { useRef } from 'react';
import type { Facets, ProductFilters } from '@shop/contracts';
import { CloseIcon } from '../../../components/icons';
import { intlLocale } from '../../../i18n';
import { localName } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatPrice } from '../../../lib/format';
import { toggled, toggleOption } from '../api/choices';

interface Chip {
  key: string;
  label: string;
  without: ProductFilters;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** "Size: M" for each option value chosen, in the page's language where the products' options give it. */
function optionChips(filters: ProductFilters, facets: Facets | undefined, t: Translate, language: string): Chip[] {
  return Object.entries(filters.options ?? {}).flatMap(([name, values]) => {
    const facet = facets?.options.find((option) => option.name === name);
    return values.map((value) => {
      const valueAr = facet?.values.find((entry) => entry.value === value)?.valueAr;
      const label = t('product.chosenOption', {
        name: localName({ name, nameAr: facet?.nameAr }, language).text,
        value: localName({ name: value, nameAr: valueAr }, language).text,
      });
      return { key: `option:${name}:${value}`, label, without: toggleOption(filters, name, value) };
    });
  });
}

/**
 * One chip per brand and option value, one for the price range, one per other filter, in the panel's order: each
 * removes what it names.
 */
function chipsOf(filters: ProductFilters, facets: Facets | undefined, t: Translate, language: string) {
  const price = (egp: number) => formatPrice(egp, intlLocale(language));
  const chips: Chip[] = (filters.brand ?? []).map((brand) => ({
    key: `brand:${brand}`,
    label: brand,
    without: { ...filters, brand: toggled(filters.brand, brand) },
  }));
  chips.push(...optionChips(filters, facets, t, language));
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
      label: t('filters.ratingAtLeast', { count: filters.rating }),
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
  facets,
  onChange,
}: {
  filters: ProductFilters;
  /** The words of the options chosen, in Arabic where the products' options give them. */
  facets: Facets | undefined;
  onChange: (next: ProductFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const region = useRef<HTMLDivElement>(null);
  const chips = chipsOf(filters, facets, t, i18n.language);
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
