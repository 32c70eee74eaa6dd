import { Link } from 'react-router';
import type { NoResults } from '@shop/contracts';
import { Localized } from '../../../components/Localized';
import { ProductGrid } from '../../../components/ProductGrid';
import { Filled } from '../../../i18n/Filled';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import type { ProductCardActions } from '../../../components/ProductCard';

/**
 * What a search that found nothing offers instead (the API's noResults): the text spelled as the catalogue spells
 * it, the categories nearest to it and the best sellers, each a way on from an empty page.
 */
export function NoResultsHelp({ help, actions }: { help: NoResults; actions: ProductCardActions }) {
  const { t } = useTranslation();
  const local = useLocalized();
  return (
    <div className="no-results-help text-start mt-3">
      {help.spelling && (
        <p className="mb-3">
          {/* The question whole in each language's words, its mark too (Arabic's ؟). */}
          <Filled
            text={t('search.noResultsHelp.didYouMean')}
            values={{
              spelling: (
                <Link to={paths.searchResults(help.spelling)} className="fw-semibold">
                  <bdi>{help.spelling}</bdi>
                </Link>
              ),
            }}
          />
        </p>
      )}
      {help.categories.length > 0 && (
        <nav aria-labelledby="no-results-categories" className="mb-4">
          <h2 id="no-results-categories" className="h6">
            {t('search.noResultsHelp.categories')}
          </h2>
          <ul className="list-inline mb-0">
            {help.categories.map((category) => (
              <li key={category._id} className="list-inline-item">
                <Link to={paths.category(category._id)} className="btn btn-outline-secondary btn-sm">
                  <Localized value={local.name(category)} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {help.bestSellers.length > 0 && (
        <section aria-labelledby="no-results-best-sellers">
          <h2 id="no-results-best-sellers" className="h6">
            {t('search.noResultsHelp.bestSellers')}
          </h2>
          <ProductGrid
            products={help.bestSellers}
            loading={false}
            actions={actions}
            label={t('search.noResultsHelp.bestSellers')}
            empty={null}
          />
        </section>
      )}
    </div>
  );
}
