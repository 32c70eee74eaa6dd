import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Category } from '@shop/contracts';
import { ProductImage } from '../../../components/ProductImage';

/** Spec 2: name, an 18rem-high picture and a 'show more' link to the category's products. */
export function CategoryCard({ category }: { category: Category }) {
  const { t } = useTranslation();
  return (
    <Card className="category-card h-100">
      <ProductImage src={category.image_path} alt="" className="category-card-img card-img-top" width={600} height={288} />
      <Card.Body className="d-flex align-items-center justify-content-between gap-2">
        <Card.Title as="h3" className="h6 fw-semibold mb-0">
          {category.name}
        </Card.Title>
        <Link to={`/product/category/${category._id}`} className="fw-semibold text-nowrap" aria-label={t('department.showMoreNamed', { name: category.name })}>
          {t('department.showMore')}
        </Link>
      </Card.Body>
    </Card>
  );
}

/** The grey-bar stand-in of a category card while the categories load. */
export function CategoryCardPlaceholder() {
  return (
    <Card className="category-card h-100" aria-hidden="true">
      <div className="category-card-img placeholder-glow">
        <Placeholder className="w-100 h-100 bg-secondary" />
      </div>
      <Card.Body>
        <Placeholder as={Card.Title} animation="glow">
          <Placeholder xs={7} bg="secondary" />
        </Placeholder>
        <Placeholder as="p" animation="glow" className="mb-0">
          <Placeholder xs={4} bg="secondary" />
        </Placeholder>
      </Card.Body>
    </Card>
  );
}
