import type { LoaderFunction } from 'react-router';
import { catalogApi } from '../features/catalog/api/catalogApi';
import { pageFromParam } from '../lib/pagination';
import type { AppDispatch } from './store';

/*
 * Route loaders that start a screen's first requests as soon as its route matches rather than when the
 * screen first renders. On a first visit that is before React has rendered anything, and for a lazy
 * screen it is while the screen's code is still downloading, so the data (and then its pictures, the
 * largest paint) arrive sooner. They only fill RTK Query's cache with the same queries the screens make
 * and return at once: the screens still show their loading and error states as before.
 */

/** The home page: its page of products and the departments. */
export const prefetchHome =
  (dispatch: AppDispatch): LoaderFunction =>
  ({ request }) => {
    const page = pageFromParam(new URL(request.url).searchParams.get('page'));
    dispatch(catalogApi.util.prefetch('getProducts', { page }, {}));
    dispatch(catalogApi.util.prefetch('getDepartments', undefined, {}));
    return null;
  };

/** A product page: the product (its reviews follow with the page's code). */
export const prefetchProduct =
  (dispatch: AppDispatch): LoaderFunction =>
  ({ params }) => {
    if (params.id) dispatch(catalogApi.util.prefetch('getProduct', params.id, {}));
    return null;
  };
