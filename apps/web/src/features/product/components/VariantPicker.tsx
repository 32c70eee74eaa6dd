import type { ProductOption, Variant } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { swatchOf, valueState, type Choice } from '../variantChoice';

interface VariantPickerProps {
  options: readonly ProductOption[];
  variants: readonly Variant[];
  choice: Choice;
  onChoose: (option: string, value: string) => void;
}

/**
 * The product's options as choices: a swatch per colour, a button per size or capacity. A value that leads to no
 * variant with the other choices cannot be chosen; one that leads only to sold-out ones is struck but can be, so
 * the shopper can ask to be told when that variant is back. Both say why to screen readers.
 */
export function VariantPicker({ options, variants, choice, onChoose }: VariantPickerProps) {
  const { t, i18n } = useTranslation();
  const arabic = i18n.language === 'ar';
  return (
    <div className="variant-picker my-3">
      {options.map((option) => {
        const name = (arabic && option.nameAr) || option.name;
        const chosen = option.values.find((v) => v.value === choice[option.name]);
        return (
          <fieldset key={option.name} className="mb-3">
            <legend className="fs-6 fw-semibold mb-2">
              {chosen
                ? t('product.chosenOption', { name, value: (arabic && chosen.valueAr) || chosen.value })
                : t('product.chooseOption', { name })}
            </legend>
            <div className="d-flex flex-wrap gap-2">
              {option.values.map((v) => {
                const label = (arabic && v.valueAr) || v.value;
                const state = valueState(variants, choice, option.name, v.value);
                const swatch = swatchOf(option.name, v.value);
                const selected = choice[option.name] === v.value;
                const described =
                  state === 'available'
                    ? label
                    : t(state === 'soldOut' ? 'product.optionSoldOut' : 'product.optionUnavailable', { value: label });
                return (
                  <button
                    key={v.value}
                    type="button"
                    className={`${swatch ? 'variant-swatch' : 'btn btn-outline-secondary variant-button'}${selected ? ' is-selected active' : ''}${state === 'soldOut' ? ' is-sold-out' : ''}`}
                    style={swatch ? { backgroundColor: swatch } : undefined}
                    aria-pressed={selected}
                    aria-label={described}
                    title={described}
                    disabled={state === 'unavailable'}
                    onClick={() => onChoose(option.name, v.value)}
                  >
                    {swatch ? null : label}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
