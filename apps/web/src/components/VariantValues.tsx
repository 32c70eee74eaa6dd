import type { ChosenOption } from '@shop/contracts';
import { useTranslation } from '../i18n/useTranslation';

/** A line's chosen options in the page's language ("Size: M · Colour: Red"), under its name in carts and orders. */
export function VariantValues({ options, className }: { options: readonly ChosenOption[]; className?: string }) {
  const { t, i18n } = useTranslation();
  const arabic = i18n.language === 'ar';
  return (
    <ul className={`variant-values list-inline small text-body-secondary mb-1 ${className ?? ''}`}>
      {options.map((o) => (
        <li key={o.name} className="list-inline-item">
          {t('product.chosenOption', {
            name: (arabic && o.nameAr) || o.name,
            value: (arabic && o.valueAr) || o.value,
          })}
        </li>
      ))}
    </ul>
  );
}
