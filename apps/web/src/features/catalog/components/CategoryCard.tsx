import { Link } from 'react-router';
import type { Category } from '@shop/contracts';
import { ImageCardPlaceholder } from '../../../components/ImageCardPlaceholder';
import { Localized } from '../../../components/Localized';
import { ProductImage } from '../../../components/ProductImage';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';

/**
 * Name, an 18rem-high picture and a 'show more' link to the category's products. The link is stretched over the whole
 * card (Bootstrap's stretched-link; .card is its positioned box): a tap on the picture or the name follows it too, not
 * only one on its short text.
 */
export function CategoryCard({ category }: { category: Category }) {
  const { t } = useTranslation();
  const name = useLocalized().name(category);
  return (
    <div className="card category-card h-100">
      <ProductImage
        src={category.image_path}
        alt=""
        className="category-card-img card-img-top"
        width={600}
        height={288}
      />
      {/* The name above, the link at the foot: every card of a row has its link in the same place. */}
      <div className="card-body d-flex flex-column align-items-start gap-2">
        <h3 className="card-title h6 fw-semibold mb-0">
          <Localized value={name} />
        </h3>
        <Link
          to={paths.category(category._id)}
          className="stretched-link fw-semibold text-nowrap mt-auto"
          aria-label={t('department.showMoreNamed', { name: name.text })}
        >
          {t('department.showMore')}
        </Link>
      </div>
    </div>
  );
}

/** The grey-bar stand-in of a category card while the categories load. */
export const CategoryCardPlaceholder = () => (
  <ImageCardPlaceholder cardClassName="category-card" imageClassName="category-card-img" />
);
