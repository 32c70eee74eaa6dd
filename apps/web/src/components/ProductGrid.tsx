import type { ReactNode } from 'react';
import { PAGE_SIZE, type Product } from '@shop/contracts';
import { useTranslation } from '../i18n/useTranslation';
import { ProductCard, ProductCardPlaceholder, type ProductCardActions } from './ProductCard';

interface ProductGridProps {
  products: Product[] | undefined;
  loading: boolean;
  actions: ProductCardActions;
  /** Shown instead of the grid when loading finished with nothing to show. */
  empty: ReactNode;
  placeholders?: number;
  label?: string;
}

/** Two cards a row on phones, three on tablets, four on desktops. */
const ROW = 'row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3';
/** The cards of a desktop's first row, whose pictures are in view as the page opens. */
const FIRST_ROW = 4;

export function ProductGrid({ products, loading, actions, empty, placeholders = PAGE_SIZE, label }: ProductGridProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className={ROW} role="status" aria-label={t('common.loading')}>
        {Array.from({ length: placeholders }, (_, index) => (
          <div key={index} className="col">
            <ProductCardPlaceholder />
          </div>
        ))}
      </div>
    );
  }
  if (!products?.length) return <>{empty}</>;
  return (
    <ul className={`${ROW} list-unstyled`} aria-label={label}>
      {products.map((product, index) => (
        <li key={product._id} className="col">
          <ProductCard product={product} actions={actions} priority={index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}
