import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { HomePage } from '../features/catalog/components/HomePage';
import { loadArea, type Area } from '../i18n';
import type { RouteHandle } from './layout/chrome';
import { prefetchHome, prefetchProduct } from './prefetch';
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

/** /login and /signup hide the navbar; the footer goes too, so the form is all there is. */
const withoutNavbar: RouteHandle = { chrome: { header: false, search: false, footer: false } };
/** The checkout steps hide the search box: from the address to the payment, nothing leads away by accident. */
const checkoutChrome: RouteHandle = { chrome: { search: false } };
/** The dashboard hides the footer: its screens are work surfaces, not pages to scroll to the end of. */
const dashboardChrome: RouteHandle = { chrome: { footer: false } };

/*
 * Paths match case-insensitively (React Router's default), so 'User' also serves /user and
 * 'searchResults/:query' also serves /SearchResults/{search}, as the original shop's links did (docs/decisions/original-routes.md).
 * The checkout screens (/CartPage, /ShippingAdress, /ShippingForm, /Payment, /PlaceOrder, /Stripe,
 * /success, /OrderError, /Orders) and /dashboard/* join this list the same way, as `page(...)` routes.
 * `dispatch` is the store's: the loaders of the home and product pages start their first requests with it.
 */
export const appRoutes = (dispatch: AppDispatch): RouteObject[] => [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      { index: true, Component: HomePage, loader: prefetchHome(dispatch) },
      {
        path: 'product/one/:id',
        loader: prefetchProduct(dispatch),
        lazy: page(() => import('../features/product/components/ProductPage'), 'ProductPage'),
      },
      {
        path: 'product/category/:id',
        lazy: page(() => import('../features/catalog/components/CategoryProductsPage'), 'CategoryProductsPage'),
      },
      {
        path: 'department/:id',
        lazy: page(() => import('../features/catalog/components/DepartmentPage'), 'DepartmentPage'),
      },
      {
        path: 'searchResults/:query',
        lazy: page(() => import('../features/search/components/SearchResultsPage'), 'SearchResultsPage'),
      },
      {
        path: 'login',
        handle: withoutNavbar,
        lazy: page(() => import('../features/auth/components/LoginPage'), 'LoginPage'),
      },
      {
        path: 'signup',
        handle: withoutNavbar,
        lazy: page(() => import('../features/auth/components/SignupPage'), 'SignupPage'),
      },
      {
        path: 'forgot-password',
        lazy: page(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage'),
      },
      {
        path: 'password-reset/:id/:token',
        lazy: page(() => import('../features/auth/components/PasswordResetPage'), 'PasswordResetPage'),
      },
      { path: 'User', lazy: page(() => import('../features/account/components/UserHubPage'), 'UserHubPage') },
      {
        path: 'EditProfile',
        lazy: page(() => import('../features/account/components/EditProfilePage'), 'EditProfilePage'),
      },
      {
        path: 'UpdateName',
        lazy: page(() => import('../features/account/components/UpdateFieldPage'), 'UpdateNamePage'),
      },
      {
        path: 'UpdateEmail',
        lazy: page(() => import('../features/account/components/UpdateFieldPage'), 'UpdateEmailPage'),
      },
      {
        path: 'UpdatePhone',
        lazy: page(() => import('../features/account/components/UpdateFieldPage'), 'UpdatePhonePage'),
      },
      {
        path: 'Updatepass',
        lazy: page(() => import('../features/account/components/UpdatePasswordPage'), 'UpdatePasswordPage'),
      },
      {
        path: 'Favourite',
        lazy: page(() => import('../features/favourites/components/FavouritePage'), 'FavouritePage'),
      },
      { path: 'AddReview', lazy: page(() => import('../features/product/components/AddReviewPage'), 'AddReviewPage') },
      { path: 'about', lazy: page(() => import('../features/about/components/AboutPage'), 'AboutPage') },
      {
        path: 'dashboard',
        handle: dashboardChrome,
        lazy: page(
          withTexts('admin', () => import('../features/admin/components/DashboardLayout')),
          'DashboardLayout',
        ),
        children: [
          { index: true, lazy: page(() => import('../features/admin/components/OverviewPage'), 'OverviewPage') },
          {
            path: 'DashProducts',
            lazy: page(() => import('../features/admin/components/ProductsAdminPage'), 'ProductsAdminPage'),
          },
          { path: 'Users', lazy: page(() => import('../features/admin/components/UsersPage'), 'UsersPage') },
          {
            path: 'UserOrder/:userID',
            lazy: page(() => import('../features/admin/components/UserOrdersPage'), 'UserOrdersPage'),
          },
          {
            path: 'Categories',
            lazy: page(() => import('../features/admin/components/CategoriesAdminPage'), 'CategoriesAdminPage'),
          },
          {
            path: 'DepartmentsAdmin',
            lazy: page(() => import('../features/admin/components/DepartmentsAdminPage'), 'DepartmentsAdminPage'),
          },
          { path: 'logs', lazy: page(() => import('../features/admin/components/LogsPage'), 'LogsPage') },
        ],
      },
      {
        // Cart, checkout and orders: shoppers only (visitors go to /login, admins home).
        lazy: page(
          withTexts('checkout', () => import('../features/checkout/components/ShopperOnly')),
          'ShopperOnly',
        ),
        children: [
          { path: 'CartPage', lazy: page(() => import('../features/cart/components/CartPage'), 'CartPage') },
          {
            path: 'ShippingAdress',
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/ShippingAddressPage'), 'ShippingAddressPage'),
          },
          {
            path: 'ShippingForm',
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/ShippingFormPage'), 'ShippingFormPage'),
          },
          {
            path: 'Payment',
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/PaymentPage'), 'PaymentPage'),
          },
          {
            path: 'PlaceOrder',
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/PlaceOrderPage'), 'PlaceOrderPage'),
          },
          {
            path: 'Stripe',
            handle: checkoutChrome,
            lazy: page(() => import('../features/checkout/components/StripePage'), 'StripePage'),
          },
          { path: 'success', lazy: page(() => import('../features/checkout/components/SuccessPage'), 'SuccessPage') },
          {
            path: 'PaymentStatus',
            lazy: page(() => import('../features/checkout/components/PaymentStatusPage'), 'PaymentStatusPage'),
          },
          {
            path: 'OrderError',
            lazy: page(() => import('../features/checkout/components/OrderErrorPage'), 'OrderErrorPage'),
          },
          { path: 'Orders', lazy: page(() => import('../features/orders/components/OrdersPage'), 'OrdersPage') },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createAppRouter = (dispatch: AppDispatch) => createBrowserRouter(appRoutes(dispatch));
