import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type Product } from '@shop/contracts';
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
export function ProductGrid({ products, loading, actions, empty, placeholders = PAGE_SIZE, label }: ProductGridProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Row xs={2} md={3} lg={4} className="g-3" role="status" aria-label={t('common.loading')}>
        {Array.from({ length: placeholders }, (_, index) => (
          <Col key={index}>
            <ProductCardPlaceholder />
          </Col>
        ))}
      </Row>
    );
  }
  if (!products?.length) return <>{empty}</>;
  return (
    <Row as="ul" xs={2} md={3} lg={4} className="g-3 list-unstyled" aria-label={label}>
      {products.map((product) => (
        <Col as="li" key={product._id}>
          <ProductCard product={product} actions={actions} />
        </Col>
      ))}
    </Row>
  );
}
