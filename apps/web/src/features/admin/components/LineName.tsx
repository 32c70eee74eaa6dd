import type { OrderLine } from '@shop/contracts';
import { Localized } from '../../../components/Localized';
import { VariantValues } from '../../../components/VariantValues';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';

/** What an order line is, to pick it off the shelf: the product's name, the variant's options and its SKU. */
export function LineName({ product, variant }: { product: OrderLine['productBrief']; variant: OrderLine['variant'] }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  return (
    <>
      <Localized value={localized.name(product)} />
      {variant && <VariantValues options={variant.options} className="mb-0" />}
      {variant?.sku && (
        <span className="line-sku d-block small text-body-secondary" dir="auto">
          {t('admin.order.sku', { sku: variant.sku })}
        </span>
      )}
    </>
  );
}
