import { useEffect, useState } from 'react';
import { ProductCard, type ProductCardActions } from '../../../components/ProductCard';
import { useTranslation } from '../../../i18n/useTranslation';
import { forgetViewed, recentlyViewed } from '../../../lib/recentlyViewed';
import { useGetProductQuery } from '../api/catalogApi';
import { ROW_CARD_SIZES, RowSection } from './ProductRow';

/**
 * The products this shopper opened, newest first, from this browser's memory (lib/recentlyViewed). Read once the
 * app has started, so the server's page and the first render match; absent while there are none.
 */
export function RecentlyViewedRow({ actions }: { actions: ProductCardActions }) {
  const { t } = useTranslation();
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => setIds(recentlyViewed()), []);
  if (!ids.length) return null;
  return (
    <RowSection id="recently-viewed" title={t('home.recentlyViewed')}>
      {ids.map((id) => (
        <RecentProduct key={id} id={id} actions={actions} />
      ))}
    </RowSection>
  );
}

/** One product of the row, as it is now; one that is gone is forgotten and not drawn. */
function RecentProduct({ id, actions }: { id: string; actions: ProductCardActions }) {
  const { data: product, error } = useGetProductQuery(id);
  const gone = error !== undefined && 'status' in error && error.status === 404;
  useEffect(() => {
    if (gone) forgetViewed(id);
  }, [gone, id]);
  if (!product) return null;
  return (
    <li className="product-row-item">
      <ProductCard product={product} actions={actions} sizes={ROW_CARD_SIZES} />
    </li>
  );
}
