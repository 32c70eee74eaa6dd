import { useTranslation } from '../i18n/useTranslation';

/** Stock above 0 is 'in stock', anything else 'out of stock'. */
export function StockState({ stock }: { stock: number }) {
  const { t } = useTranslation();
  return stock > 0 ? (
    <span className="small fw-semibold text-success">{t('product.inStock')}</span>
  ) : (
    <span className="small fw-semibold text-danger">{t('product.outOfStock')}</span>
  );
}
