import type { LoaderFunction } from 'react-router';
import { catalogApi, categoryProductsArgs } from '../features/catalog/api/catalogApi';
import { searchApi, searchArgsOf } from '../features/search/api/searchApi';
import { shopApi } from '../features/shop/api/shopApi';
import { filtersFromParams, isShopPage } from '@shop/contracts';
import { pageFromParam } from '../lib/pagination';
import { sortOrderOf } from '../lib/sortOrder';
import type { AppDispatch } from './store';

/*
 * Route loaders that start a screen's first requests as soon as its route matches rather than when the
 * screen first renders. On a first visit that is before React has rendered anything, and for a lazy
 * screen it is while the screen's code is still downloading, so the data (and then its pictures, the
 * largest paint) arrive sooner. They only fill RTK Query's cache with the same queries the screens make
 * and return at once: the screens still show their loading and error states as before. The server,
 * rendering a storefront page, waits for what they started (entry-server.tsx).
 */

const pageOf = (request: Request) => pageFromParam(new URL(request.url).searchParams.get('page'));
const sortOf = (request: Request) => sortOrderOf(new URL(request.url).searchParams);
/** The filter panel's choices in the address, read as the page reads them, so both ask for the same list. */
const filtersOf = (request: Request) => filtersFromParams(new URL(request.url).searchParams);

/** The home page: its banners and rows, its page of products and the departments. */
export const prefetchHome =
  (dispatch: AppDispatch): LoaderFunction =>
  ({ request }) => {
    dispatch(catalogApi.util.prefetch('getHome', undefined, {}));
    dispatch(catalogApi.util.prefetch('getProducts', { page: pageOf(request) }, {}));
    dispatch(catalogApi.util.prefetch('getDepartments', undefined, {}));
    return null;
  };

/** A product page: the product and the delivery days it promises (its reviews follow with the page's code). */
export const prefetchProduct =
  (dispatch: AppDispatch): LoaderFunction =>
  ({ params }) => {
    if (params.id) dispatch(catalogApi.util.prefetch('getProduct', params.id, {}));
    dispatch(shopApi.util.prefetch('getDeliveryDays', undefined, {}));
    return null;
  };

/** A category page: its products (filtered and sorted as the address says), and the categories and departments its title and trail are named from. */
export const prefetchCategory =
  (dispatch: AppDispatch): LoaderFunction =>
  ({ params, request }) => {
    dispatch(catalogApi.util.prefetch('getCategories', undefined, {}));
    dispatch(catalogApi.util.prefetch('getDepartments', undefined, {}));
    if (params.id)
      dispatch(
        catalogApi.util.prefetch(
          'getProducts',
          categoryProductsArgs(params.id, filtersOf(request), sortOf(request)),
          {},
        ),
      );
    return null;
  };

/** A department page: its categories and its page of products (filtered and sorted as the address says), and the departments it is named from. */
export const prefetchDepartment =
  (dispatch: AppDispatch): LoaderFunction =>
  ({ params, request }) => {
    if (!params.id) return null;
    dispatch(catalogApi.util.prefetch('getDepartments', undefined, {}));
    dispatch(catalogApi.util.prefetch('getDepartmentCategories', params.id, {}));
    const products = {
      department: params.id,
      page: pageOf(request),
      filters: filtersOf(request),
      sortBy: sortOf(request),
    };
    dispatch(catalogApi.util.prefetch('getProducts', products, {}));
    return null;
  };

/** A search results page: the search, in the order and with the filters the address asks for. */
export const prefetchSearch =
  (dispatch: AppDispatch): LoaderFunction =>
  ({ params, request }) => {
    const args = searchArgsOf(params.query ?? '', new URL(request.url).searchParams, filtersOf(request));
    if (args.name) dispatch(searchApi.util.prefetch('searchProducts', args, {}));
    return null;
  };

/** Every page: the shop's details, which its footer shows (who the seller is, before anyone pays). */
export const prefetchShop =
  (dispatch: AppDispatch): LoaderFunction =>
  () => {
    dispatch(shopApi.util.prefetch('getShopDetails', undefined, {}));
    return null;
  };

/** One of the shop's pages (delivery, returns, privacy, terms). */
export const prefetchShopPage =
  (dispatch: AppDispatch): LoaderFunction =>
  ({ params }) => {
    if (params.page && isShopPage(params.page)) dispatch(shopApi.util.prefetch('getShopPage', params.page, {}));
    return null;
  };
