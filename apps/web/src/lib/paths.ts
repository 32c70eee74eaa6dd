import { generatePath } from 'react-router';
import {
  DASH_PRODUCTS_LOW_ON_STOCK,
  DASH_REVIEWS_AWAITING,
  productPath,
  WEB_PATHS,
  WEB_PATTERNS,
} from '@shop/contracts';

/*
 * Every address of the web app is written once, in contracts' WEB_PATHS and WEB_PATTERNS (the server
 * writes the storefront's heads from them too): the router's table is built from these and every link,
 * redirect and navigation uses them. Paths match case-insensitively.
 */

/** The addresses with parameters, as the router matches them. */
export const patterns = WEB_PATTERNS;

/** The app's paths: fixed ones as strings, those with parameters as functions (parameters are URL-encoded). */
export const paths = {
  ...WEB_PATHS,
  /** A product's page; with its name in the page's language, its readable canonical address ('/product/one/7/kettle'). */
  product: (id: string, name?: string) => productPath(id, name),
  /** A product's page with one of its variants chosen (the page's own address when there is none). */
  productVariant: (id: string, variantId?: string | null) =>
    `${generatePath(patterns.product, { id })}${variantId ? `?variant=${encodeURIComponent(variantId)}` : ''}`,
  category: (id: string) => generatePath(patterns.category, { id }),
  /** One of the shop's pages: delivery, returns, privacy, terms. */
  shopPage: (page: string) => generatePath(patterns.shopPage, { page }),
  department: (id: string) => generatePath(patterns.department, { id }),
  searchResults: (query: string) => generatePath(patterns.searchResults, { query }),
  userOrders: (userId: string) => generatePath(patterns.userOrders, { userID: userId }),
  /** An order's printable invoice, for its shopper and for admins. */
  invoice: (orderId: string) => generatePath(patterns.invoice, { id: orderId }),
  /** One order's page in the dashboard. */
  dashOrder: (orderId: string) => generatePath(patterns.dashOrder, { id: orderId }),
  /** The packing slips of these orders, each printed in its order's language. */
  dashPackingSlipsOf: (...orderIds: string[]) =>
    `${WEB_PATHS.dashPackingSlips}?${new URLSearchParams(orderIds.map((id) => ['order', id]))}`,
  /** The review form for a product. */
  reviewOf: (productId: string) => `${WEB_PATHS.addReview}?product=${encodeURIComponent(productId)}`,
  /** The dashboard's products, filtered by a search. */
  dashProductsMatching: (query: string) => `${WEB_PATHS.dashProducts}?q=${encodeURIComponent(query)}`,
  /** The dashboard's products low on stock, fewest in stock first. */
  dashProductsLowOnStock: DASH_PRODUCTS_LOW_ON_STOCK,
  /** The dashboard's reviews waiting for the shop's answer. */
  dashReviewsAwaiting: DASH_REVIEWS_AWAITING,
} as const;
