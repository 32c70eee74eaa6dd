import Badge from 'react-bootstrap/Badge';
import { LOW_STOCK_THRESHOLD, variantValues, type LowSize } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';

/** The stock number, flagged when it is low (amber) or gone (red), in words as well as colour. */
function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation();
  if (stock > LOW_STOCK_THRESHOLD) return <span className="fw-semibold">{stock}</span>;
  return (
    <Badge bg={stock === 0 ? 'danger' : 'warning'} text={stock === 0 ? undefined : 'dark'} className="text-nowrap">
      {stock === 0 ? t('admin.products.outOfStock') : t('admin.products.left', { count: stock })}
    </Badge>
  );
}

/**
 * A product's stock and, for one sold in variants, those of its variants low in stock, each by its values: its total
 * ("180 in all") may stand well above the threshold while one size is sold out.
 */
export function ProductStock({ stock, lowSizes = [] }: { stock: number; lowSizes?: readonly LowSize[] }) {
  const { t, i18n } = useTranslation();
  if (!lowSizes.length) return <StockBadge stock={stock} />;
  return (
    <>
      {stock > LOW_STOCK_THRESHOLD ? (
        <span className="text-nowrap">{t('admin.products.inAll', { count: stock })}</span>
      ) : (
        <StockBadge stock={stock} />
      )}
      <ul className="low-sizes list-unstyled mb-0" aria-label={t('admin.products.lowVariants')}>
        {lowSizes.map((size) => {
          const values = variantValues(size, i18n.language);
          return (
            <li key={values}>
              <bdi>{values}</bdi> <StockBadge stock={size.stock} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
