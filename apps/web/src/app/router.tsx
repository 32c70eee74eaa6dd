import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { languageOfPath, pathIn } from '@shop/contracts';
import { PageLoader } from '../components/PageLoader';
import { HomePage } from '../features/catalog/components/HomePage';
import { loadArea, type Area } from '../i18n';
import { paths, patterns } from '../lib/paths';
import type { RouteHandle } from './layout/chrome';
import {
  prefetchCategory,
  prefetchDepartment,
  prefetchHome,
  prefetchProduct,
  prefetchSearch,
  prefetchShop,
  prefetchShopPage,
} from './prefetch';
import type { AppDispatch } from './store';
import { RootLayout } from './layout/RootLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';

/**
 * A screen whose code loads when it is first visited: the home page ships with the app, every other
 * screen is its own chunk.
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/** The first screen of an area (checkout, dashboard) waits for the area's texts as well as its code. */
const withTexts =
  <Module,>(area: Area, load: () => Promise<Module>) =>
  async () =>
    (await Promise.all([load(), loadArea(area)]))[0];

/** A path as the nested table writes it: relative to its parent's ('/dashboard/Users' under '/dashboard' is 'Users'). */
function segment(path: string, parent: string = paths.home): string {
  const prefix = parent.endsWith('/') ? parent : `${parent}/`;
  if (!path.startsWith(prefix)) throw new Error(`${path} is not under ${parent}`);
  return path.slice(prefix.length);
}

/**
 * /login and /signup hide the navbar, as the spec has it; the footer goes too, so the form is all there is. Only the
 * navbar's language switch stays, beside the logo (AuthCard).
 */
const withoutNavbar: RouteHandle = { chrome: { header: false, search: false, footer: false } };
/** The checkout steps hide the search box: from the address to the payment, nothing leads away by accident. */
const checkoutChrome: RouteHandle = { chrome: { search: false } };
/** The dashboard hides the footer: its screens are work surfaces, not pages to scroll to the end of. */
const dashboardChrome: RouteHandle = { chrome: { footer: false } };

/*
 * The paths are those of `lib/paths.ts`, which the links use too. They match case-insensitively (React
 * Router's default), so 'User' also serves /user and 'searchResults/:query' also serves
 * /SearchResults/{search}, as the original shop's links did (docs/decisions/original-routes.md).
 * `dispatch` is the store's: the storefront pages' loaders start their first requests with it.
 */
export const appRoutes = (dispatch: AppDispatch): RouteObject[] => [
  {
    path: paths.home,
    Component: RootLayout,
    // The footer's details, on every page.
    loader: prefetchShop(dispatch),
    // Asked once: the details do not change with the address.
    shouldRevalidate: () => false,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      { index: true, Component: HomePage, loader: prefetchHome(dispatch) },
      // The id alone, or with the slug of the product's name (any slug: the page's head names the right one).
      ...[patterns.product, patterns.productNamed].map((path) => ({
        path: segment(path),
        loader: prefetchProduct(dispatch),
        lazy: page(() => import('../features/product/components/ProductPage'), 'ProductPage'),
      })),
      {
        path: segment(patterns.category),
        loader: prefetchCategory(dispatch),
        lazy: page(() => import('../features/catalog/components/CategoryProductsPage'), 'CategoryProductsPage'),
      },
      {
        path: segment(patterns.department),
        loader: prefetchDepartment(dispatch),
        lazy: page(() => import('../features/catalog/components/DepartmentPage'), 'DepartmentPage'),
      },
      {
        path: segment(patterns.searchResults),
        loader: prefetchSearch(dispatch),
        lazy: page(() => import('../features/search/components/SearchResultsPage'), 'SearchResultsPage'),
      },
      {
        path: segment(paths.login),
        handle: withoutNavbar,
        lazy: page(() => import('../features/auth/components/LoginPage'), 'LoginPage'),
      },
      {
        path: segment(paths.signup),
        handle: withoutNavbar,
        lazy: page(() => import('../features/auth/components/SignupPage'), 'SignupPage'),
      },
      {
        path: segment(paths.forgotPassword),
        lazy: page(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage'),
      },
      {
        path: segment(patterns.passwordReset),
        lazy: page(() => import('../features/auth/components/PasswordResetPage'), 'PasswordResetPage'),
      },
      {
        path: segment(paths.user),
        lazy: page(() => import('../features/account/components/UserHubPage'), 'UserHubPage'),
      },
      {
        path: segment(paths.editProfile),
        lazy: page(() => import('../features/account/components/EditProfilePage'), 'EditProfilePage'),
      },
      {
        path: segment(paths.updateName),
        lazy: page(() => import('../features/account/components/UpdateFieldPage'), 'UpdateNamePage'),
      },
      {
        path: segment(paths.updateEmail),
        lazy: page(() => import('../features/account/components/UpdateFieldPage'), 'UpdateEmailPage'),
      },
      {
        path: segment(paths.updatePhone),
        lazy: page(() => import('../features/account/components/UpdatePhonePage'), 'UpdatePhonePage'),
      },
      {
        path: segment(paths.updatePassword),
        lazy: page(() => import('../features/account/components/UpdatePasswordPage'), 'UpdatePasswordPage'),
      },
      {
        path: segment(paths.favourite),
        lazy: page(() => import('../features/favourites/components/FavouritePage'), 'FavouritePage'),
      },
      {
        path: segment(paths.addReview),
        lazy: page(() => import('../features/product/components/AddReviewPage'), 'AddReviewPage'),
      },
      { path: segment(paths.about), lazy: page(() => import('../features/about/components/AboutPage'), 'AboutPage') },
      {
        path: segment(patterns.shopPage),
        loader: prefetchShopPage(dispatch),
        lazy: page(() => import('../features/shop/components/ShopPageView'), 'ShopPageView'),
      },
      {
        path: segment(paths.dashboard),
        handle: dashboardChrome,
        lazy: page(
          withTexts('admin', () => import('../features/admin/components/DashboardLayout')),
          'DashboardLayout',
        ),
        children: [
          { index: true, lazy: page(() => import('../features/admin/components/OverviewPage'), 'OverviewPage') },
          {
            path: segment(paths.dashProducts, paths.dashboard),
            lazy: page(() => import('../features/admin/components/ProductsAdminPage'), 'ProductsAdminPage'),
          },
          {
            path: segment(paths.dashOrders, paths.dashboard),
            // Governorates are named in the checkout's texts.
            lazy: page(
              withTexts('checkout', () => import('../features/admin/components/OrdersAdminPage')),
              'OrdersAdminPage',
            ),
          },
          {
            // The address form and the governorates are the checkout's, with its texts.
            path: segment(paths.dashNewOrder, paths.dashboard),
            lazy: page(
              withTexts('checkout', () => import('../features/admin/components/NewOrderPage')),
              'NewOrderPage',
            ),
          },
          {
            // Their addresses are printed with the checkout's texts.
            path: segment(paths.dashPackingSlips, paths.dashboard),
            lazy: page(
              withTexts('checkout', () => import('../features/admin/components/PackingSlipsPage')),
              'PackingSlipsPage',
            ),
          },
          {
            path: segment(patterns.dashOrder, paths.dashboard),
            // Its address and totals are printed with the checkout's texts.
            lazy: page(
              withTexts('checkout', () => import('../features/admin/components/OrderPage')),
              'OrderPage',
            ),
          },
          {
            path: segment(paths.dashUsers, paths.dashboard),
            lazy: page(() => import('../features/admin/components/UsersPage'), 'UsersPage'),
          },
          {
            path: segment(patterns.userOrders, paths.dashboard),
            lazy: page(() => import('../features/admin/components/UserOrdersPage'), 'UserOrdersPage'),
          },
          {
            path: segment(paths.dashCategories, paths.dashboard),
            lazy: page(() => import('../features/admin/components/CategoriesAdminPage'), 'CategoriesAdminPage'),
          },
          {
            path: segment(paths.dashDepartments, paths.dashboard),
            lazy: page(() => import('../features/admin/components/DepartmentsAdminPage'), 'DepartmentsAdminPage'),
          },
          {
            path: segment(paths.dashLogs, paths.dashboard),
            lazy: page(() => import('../features/admin/components/LogsPage'), 'LogsPage'),
          },
          {
            path: segment(paths.dashBanners, paths.dashboard),
            lazy: page(() => import('../features/admin/components/BannersAdminPage'), 'BannersAdminPage'),
          },
          {
            path: segment(paths.dashCoupons, paths.dashboard),
            lazy: page(() => import('../features/admin/components/CouponsAdminPage'), 'CouponsAdminPage'),
          },
          {
            path: segment(paths.dashStaff, paths.dashboard),
            lazy: page(() => import('../features/admin/components/StaffPage'), 'StaffPage'),
          },
          {
            path: segment(paths.dashEta, paths.dashboard),
            lazy: page(() => import('../features/admin/components/EtaAdminPage'), 'EtaAdminPage'),
          },
          {
            // Names an order's place as the checkout does, with the checkout's texts.
            path: segment(paths.dashConfirmations, paths.dashboard),
            lazy: page(
              withTexts('checkout', () => import('../features/admin/components/ConfirmationsPage')),
              'ConfirmationsPage',
            ),
          },
          {
            // Names the governorates as the checkout does, with the checkout's texts.
            path: segment(paths.dashCod, paths.dashboard),
            lazy: page(
              withTexts('checkout', () => import('../features/admin/components/CodReportPage')),
              'CodReportPage',
            ),
          },
          {
            // Names the governorates as the checkout does, with the checkout's texts.
            path: segment(paths.dashSales, paths.dashboard),
            lazy: page(
              withTexts('checkout', () => import('../features/admin/components/SalesReportPage')),
              'SalesReportPage',
            ),
          },
          {
            path: segment(paths.dashCarts, paths.dashboard),
            lazy: page(() => import('../features/admin/components/AbandonedCartsPage'), 'AbandonedCartsPage'),
          },
          {
            path: segment(paths.dashReviews, paths.dashboard),
            lazy: page(() => import('../features/admin/components/ReviewsAdminPage'), 'ReviewsAdminPage'),
          },
          {
            path: segment(paths.dashSynonyms, paths.dashboard),
            lazy: page(() => import('../features/admin/components/SynonymsAdminPage'), 'SynonymsAdminPage'),
          },
          {
            path: segment(paths.dashAlerts, paths.dashboard),
            lazy: page(() => import('../features/admin/components/StaffAlertsPage'), 'StaffAlertsPage'),
          },
          {
            path: segment(paths.dashShop, paths.dashboard),
            lazy: page(() => import('../features/admin/components/ShopSettingsPage'), 'ShopSettingsPage'),
          },
          {
            // Names the governorates as the checkout does, with the checkout's texts.
            path: segment(paths.dashShipping, paths.dashboard),
            lazy: page(
              withTexts('checkout', () => import('../features/admin/components/ShippingAdminPage')),
              'ShippingAdminPage',
            ),
          },
        ],
      },
      {
        path: segment(paths.staffAccept),
        lazy: page(
          withTexts('admin', () => import('../features/admin/components/StaffAcceptPage')),
          'StaffAcceptPage',
        ),
      },
      {
        // Anyone with the link: its signed token is the proof, no sign-in.
        path: segment(patterns.confirmOrder),
        lazy: page(
          withTexts('checkout', () => import('../features/orders/components/ConfirmOrderPage')),
          'ConfirmOrderPage',
        ),
      },
      {
        // Its shopper's and any admin's: the page itself sends visitors to /login.
        path: segment(patterns.invoice),
        lazy: page(
          withTexts('checkout', () => import('../features/orders/components/InvoicePage')),
          'InvoicePage',
        ),
      },
      {
        // Cart, checkout and orders: shoppers only (visitors go to /login, admins home).
        lazy: page(
          withTexts('checkout', () => import('../features/checkout/components/ShopperOnly')),
          'ShopperOnly',
        ),
        children: [
          { path: segment(paths.cart), lazy: page(() => import('../features/cart/components/CartPage'), 'CartPage') },
          {
            path: segment(paths.shippingAddress),
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/ShippingAddressPage'), 'ShippingAddressPage'),
          },
          {
            path: segment(paths.addresses),
            lazy: page(() => import('../features/checkout/components/AddressBookPage'), 'AddressBookPage'),
          },
          {
            path: segment(paths.shippingForm),
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/ShippingFormPage'), 'ShippingFormPage'),
          },
          {
            path: segment(paths.payment),
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/PaymentPage'), 'PaymentPage'),
          },
          {
            path: segment(paths.placeOrder),
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/PlaceOrderPage'), 'PlaceOrderPage'),
          },
          {
            path: segment(paths.stripe),
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/StripePage'), 'StripePage'),
          },
          {
            path: segment(paths.success),
            lazy: page(() => import('../features/checkout/components/SuccessPage'), 'SuccessPage'),
          },
          {
            path: segment(paths.paymentStatus),
            lazy: page(() => import('../features/checkout/components/PaymentStatusPage'), 'PaymentStatusPage'),
          },
          {
            path: segment(paths.orderError),
            lazy: page(() => import('../features/checkout/components/OrderErrorPage'), 'OrderErrorPage'),
          },
          {
            path: segment(paths.orders),
            lazy: page(() => import('../features/orders/components/OrdersPage'), 'OrdersPage'),
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

/**
 * The router of the page's language: Arabic pages are the same paths behind /ar (where boot.js put an
 * Arabic shopper's page), and every link and navigation of the app stays there.
 */
export const createAppRouter = (dispatch: AppDispatch) => {
  keyTheLoadedEntry();
  return createBrowserRouter(appRoutes(dispatch), {
    basename: pathIn(paths.home, languageOfPath(window.location.pathname)),
  });
};

/**
 * Gives the history entry the page was loaded into a key of its own, as React Router's framework mode does before
 * it restores the scroll. Unkeyed, every page loaded afresh (a link from an SMS, the success page's way home) is
 * `location.key` "default", and <ScrollRestoration> opened it where the tab's last loaded page had been left. The key
 * stays with the entry, so a reload, or a step back onto it from another page, restores it as any other.
 */
function keyTheLoadedEntry() {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'key' in state) return;
  window.history.replaceState({ ...(state as object | null), key: Math.random().toString(36).slice(2, 10) }, '');
}
