import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { ProductGrid } from '../../../components/ProductGrid';
import { comingBackTo, useSession } from '../../auth';
import { useProductActions } from '../../productActions';
import { selectFavourites } from '../favouritesSlice';
import { paths } from '../../../lib/paths';

/** /Favourite: the shopper's hearts as product cards; visitors go to /login. */
export function FavouritePage() {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const location = useLocation();
  const favourites = useAppSelector(selectFavourites);
  const actions = useProductActions();
  if (!isSignedIn) return <Navigate to={paths.login} replace state={comingBackTo(location)} />;
  return (
    <div className="container-xl py-4">
      <title>{t('shopPages.documentTitle', { title: t('favourites.title') })}</title>
      <h1 className="page-title">{t('favourites.title')}</h1>
      <ProductGrid
        products={favourites}
        loading={false}
        actions={actions}
        label={t('favourites.title')}
        empty={
          <EmptyState title={t('favourites.empty')}>
            <Link to={paths.home} className="btn btn-primary mt-2">
              {t('favourites.addSome')}
            </Link>
          </EmptyState>
        }
      />
    </div>
  );
}
