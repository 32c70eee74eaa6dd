import type { ReactNode } from 'react';
import type { Product } from '@shop/contracts';
import { ProductCard, type ProductCardActions } from '../../../components/ProductCard';

/** How wide a row's card shows (.product-row-item): 42% of a phone, 200 px from a tablet on. */
export const ROW_CARD_SIZES = '(min-width: 576px) 200px, 42vw';

interface ProductRowProps {
  /** The row's id: its heading is `${id}-heading`. */
  id: string;
  title: string;
  products: Product[];
  actions: ProductCardActions;
}

/**
 * One of the home's rows of products (on sale, best sellers): a titled strip the shopper scrolls sideways, by
 * finger, by wheel, or by tabbing through its links (the browser brings each into view). Nothing without products.
 */
export function ProductRow({ id, title, products, actions }: ProductRowProps) {
  if (!products.length) return null;
  return (
    <RowSection id={id} title={title}>
      {products.map((product) => (
        <li key={product._id} className="product-row-item">
          <ProductCard product={product} actions={actions} sizes={ROW_CARD_SIZES} />
        </li>
      ))}
    </RowSection>
  );
}

/** A row's heading and its sideways list of cards. */
export function RowSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="my-4">
      <h2 id={`${id}-heading`} className="section-title">
        {title}
      </h2>
      <ul className="product-row list-unstyled" aria-label={title}>
        {children}
      </ul>
    </section>
  );
}
