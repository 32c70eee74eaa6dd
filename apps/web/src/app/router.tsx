import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { HomePage } from '../features/catalog/components/HomePage';
import type { RouteHandle } from './layout/chrome';
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

/** /login and /signup hide the navbar (spec 2); the footer goes too, so the form is all there is. */
const withoutNavbar: RouteHandle = { chrome: { header: false, search: false, footer: false } };

/*
 * Paths match case-insensitively (React Router's default), so 'User' also serves /user and
 * 'searchResults/:query' also serves /SearchResults/{search}, as spec 2 asks.
 * The checkout screens (/CartPage, /ShippingAdress, /ShippingForm, /Payment, /PlaceOrder, /Stripe,
 * /success, /OrderError, /Orders) and /dashboard/* join this list the same way, as `page(...)` routes.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      { index: true, Component: HomePage },
      { path: 'product/one/:id', lazy: page(() => import('../features/product/components/ProductPage'), 'ProductPage') },
      { path: 'product/category/:id', lazy: page(() => import('../features/catalog/components/CategoryProductsPage'), 'CategoryProductsPage') },
      { path: 'department/:id', lazy: page(() => import('../features/catalog/components/DepartmentPage'), 'DepartmentPage') },
      { path: 'searchResults/:query', lazy: page(() => import('../features/search/components/SearchResultsPage'), 'SearchResultsPage') },
      { path: 'login', handle: withoutNavbar, lazy: page(() => import('../features/auth/components/LoginPage'), 'LoginPage') },
      { path: 'signup', handle: withoutNavbar, lazy: page(() => import('../features/auth/components/SignupPage'), 'SignupPage') },
      { path: 'forgot-password', lazy: page(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage') },
      { path: 'password-reset/:id/:token', lazy: page(() => import('../features/auth/components/PasswordResetPage'), 'PasswordResetPage') },
      { path: 'User', lazy: page(() => import('../features/account/components/UserHubPage'), 'UserHubPage') },
      { path: 'EditProfile', lazy: page(() => import('../features/account/components/EditProfilePage'), 'EditProfilePage') },
      { path: 'UpdateName', lazy: page(() => import('../features/account/components/UpdateFieldPage'), 'UpdateNamePage') },
      { path: 'UpdateEmail', lazy: page(() => import('../features/account/components/UpdateFieldPage'), 'UpdateEmailPage') },
      { path: 'UpdatePhone', lazy: page(() => import('../features/account/components/UpdateFieldPage'), 'UpdatePhonePage') },
      { path: 'Updatepass', lazy: page(() => import('../features/account/components/UpdatePasswordPage'), 'UpdatePasswordPage') },
      { path: 'Favourite', lazy: page(() => import('../features/favourites/components/FavouritePage'), 'FavouritePage') },
      { path: 'AddReview', lazy: page(() => import('../features/product/components/AddReviewPage'), 'AddReviewPage') },
      { path: 'about', lazy: page(() => import('../features/about/components/AboutPage'), 'AboutPage') },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
