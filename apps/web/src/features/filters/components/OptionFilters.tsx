import { useId } from 'react';
import { optionParam, type OptionFacet, type ProductFilters } from '@shop/contracts';
import { Localized } from '../../../components/Localized';
import { useLocalized } from '../../../i18n/localized';
import { chosenValues, toggleOption } from '../api/choices';
import { FilterOption } from './FilterOption';
import { Counted } from './Counted';

/** An option's group of boxes: its facet, or before the first answer its values chosen (not counted yet). */
type OptionGroup = Omit<OptionFacet, 'values'> & {
  values: { value: string; valueAr: string | null; count: number | undefined }[];
};

/**
 * One group of boxes per option (Size, Colour…), in the page's language where the products' options give it. The
 * boxes are named like the address's fields (`opt.Size`), so the form sent without JavaScript filters the same.
 */
export function OptionFilters({
  filters,
  facets,
  onChange,
}: {
  filters: ProductFilters;
  /** Undefined until the first answer: the values chosen are listed meanwhile. */
  facets: OptionFacet[] | undefined;
  onChange: (filters: ProductFilters) => void;
}) {
  const local = useLocalized();
  const id = useId();
  const options: OptionGroup[] =
    facets ??
    Object.entries(filters.options ?? {}).map(([name, values]) => ({
      name,
      nameAr: null,
      values: values.map((value) => ({ value, valueAr: null, count: undefined })),
    }));

  return options.map((option, optionIndex) => {
    const picked = chosenValues(filters, option.name);
    return (
      <fieldset key={option.name} className="filter-group">
        <legend className="filter-legend">
          <Localized value={local.name(option)} />
        </legend>
        {option.values.map((facet, index) => (
          <FilterOption
            key={facet.value}
            id={`${id}-${optionIndex}-${index}`}
            name={optionParam(option.name)}
            value={facet.value}
            checked={picked.includes(facet.value)}
            onChange={() => onChange(toggleOption(filters, option.name, facet.value))}
            label={
              <Counted count={facet.count}>
                <Localized value={local.name({ name: facet.value, nameAr: facet.valueAr })} />
              </Counted>
            }
          />
        ))}
      </fieldset>
    );
  });
}
