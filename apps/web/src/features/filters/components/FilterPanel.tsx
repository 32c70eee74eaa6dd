import { useId, useState, type FormEvent } from 'react';
import { RATING_FACET_VALUES, type Facets, type ProductFilters } from '@shop/contracts';
import { Rating } from '../../../components/Rating';
import { useTranslation } from '../../../i18n/useTranslation';
import { toggled } from '../api/choices';
import type { PriceErrors } from '../api/priceRange';
import { FilterOption } from './FilterOption';
import { Counted } from './Counted';
import { OptionFilters } from './OptionFilters';

interface FilterPanelProps {
  filters: ProductFilters;
  /** Undefined until the first answer: the chosen brands are listed meanwhile. */
  facets: Facets | undefined;
  onChange: (filters: ProductFilters) => void;
  /** Fields of the address that are not filters (the sort order), which the form sent without JavaScript keeps. */
  keep: [string, string][];
}

/** The yes-or-no filters, each a box under "Availability". */
const FLAGS = ['inStock', 'cod'] as const;

/**
 * The price fields' check, with the shared rules' messages in the page's language: zod's rules and the shop's
 * messages, fetched on the first "Apply" rather than with the page (docs/decisions/phone-main-thread.md).
 */
const loadPriceCheck = () =>
  Promise.all([import('../api/priceRange'), import('../../../i18n/validation')]).then(
    ([{ readPriceRange }, { translateValidation }]) => ({ readPriceRange, translateValidation }),
  );

/** Per price field, the message shown under it. */
type PriceMessages = Partial<Record<keyof PriceErrors, string>>;

/**
 * The filters as one GET form whose fields are named like the address's: without JavaScript "Apply" sends them
 * all; with it, a box or a star choice applies at once and "Apply" the price range, through `onChange`.
 */
export function FilterPanel({ filters, facets, onChange, keep }: FilterPanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const [priceErrors, setPriceErrors] = useState<PriceMessages>({});
  const chosen = new Set(filters.brand ?? []);
  const brands = facets?.brands ?? [...chosen].map((value) => ({ value, count: undefined }));
  const ratingCount = new Map(facets?.ratings.map((facet) => [facet.value, facet.count]));

  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (field: string) => {
      const value = form.get(field);
      return typeof value === 'string' ? value : '';
    };
    const [min, max] = [text('minPrice'), text('maxPrice')];
    void loadPriceCheck().then(({ readPriceRange, translateValidation }) => {
      const result = readPriceRange(min, max);
      if ('errors' in result) {
        const said = (message: string | null | undefined) =>
          message === undefined
            ? undefined
            : message === null
              ? t('filters.invalidPrice')
              : translateValidation(message);
        return setPriceErrors({ minPrice: said(result.errors.minPrice), maxPrice: said(result.errors.maxPrice) });
      }
      setPriceErrors({});
      onChange({ ...filters, ...result.range });
    });
  };

  /** `placeholder`: the list's price at that end, widened to whole pounds, so typing the hint keeps every product. */
  const priceField = (field: 'minPrice' | 'maxPrice', placeholder: number | undefined) => {
    const error = priceErrors[field];
    const fieldId = `${id}-${field}`;
    return (
      <div className="col">
        <label htmlFor={fieldId} className="small mb-1 form-label">
          {t(`filters.${field}`)}
        </label>
        <input
          id={fieldId}
          name={field}
          // The address's value; a new one (a chip removed, back) replaces what was typed.
          key={filters[field] ?? ''}
          defaultValue={filters[field] ?? ''}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder === undefined ? undefined : String(placeholder)}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={`form-control form-control-sm${error === undefined ? '' : ' is-invalid'}`}
        />
        {error && (
          <div id={`${fieldId}-error`} className="invalid-feedback">
            {error}
          </div>
        )}
      </div>
    );
  };

  return (
    <form method="get" onSubmit={applyPrice} noValidate className="filter-panel">
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}

      {brands.length > 0 && (
        <fieldset className="filter-group">
          <legend className="filter-legend">{t('filters.brand')}</legend>
          {brands.map((facet, index) => (
            <FilterOption
              key={facet.value}
              id={`${id}-brand-${index}`}
              name="brand"
              value={facet.value}
              checked={chosen.has(facet.value)}
              onChange={() => onChange({ ...filters, brand: toggled(filters.brand, facet.value) })}
              label={<Counted count={facet.count}>{facet.value}</Counted>}
            />
          ))}
        </fieldset>
      )}

      <OptionFilters filters={filters} facets={facets?.options} onChange={onChange} />

      <fieldset className="filter-group">
        <legend className="filter-legend">{t('filters.price')}</legend>
        <div className="row g-2 align-items-start">
          {priceField('minPrice', facets?.price.min == null ? undefined : Math.floor(facets.price.min))}
          {priceField('maxPrice', facets?.price.max == null ? undefined : Math.ceil(facets.price.max))}
        </div>
        <button type="submit" className="mt-2 btn btn-outline-primary btn-sm">
          {t('filters.apply')}
        </button>
      </fieldset>

      <fieldset className="filter-group">
        <legend className="filter-legend">{t('filters.rating')}</legend>
        <FilterOption
          type="radio"
          id={`${id}-rating-any`}
          name="rating"
          value=""
          checked={filters.rating === undefined}
          onChange={() => onChange({ ...filters, rating: undefined })}
          label={t('filters.anyRating')}
        />
        {RATING_FACET_VALUES.map((stars) => (
          <FilterOption
            key={stars}
            type="radio"
            id={`${id}-rating-${stars}`}
            name="rating"
            value={stars}
            checked={filters.rating === stars}
            disabled={ratingCount.get(stars) === 0 && filters.rating !== stars}
            onChange={() => onChange({ ...filters, rating: stars })}
            label={
              <Counted count={ratingCount.get(stars)}>
                <span aria-hidden="true" className="me-1">
                  <Rating value={stars} size={14} />
                </span>
                <span className="visually-hidden">{t('filters.ratingAtLeast', { count: stars })}</span>
                <span aria-hidden="true">{t('filters.andUp')}</span>
              </Counted>
            }
          />
        ))}
      </fieldset>

      <fieldset className="filter-group">
        <legend className="filter-legend">{t('filters.availability')}</legend>
        {FLAGS.map((flag) => (
          <FilterOption
            key={flag}
            type="checkbox"
            id={`${id}-${flag}`}
            name={flag}
            value="true"
            checked={filters[flag] === true}
            onChange={(event) => onChange({ ...filters, [flag]: event.target.checked || undefined })}
            label={t(`filters.${flag}`)}
          />
        ))}
      </fieldset>
    </form>
  );
}
