import { generatePath } from 'react-router';

/*
 * Every address of the web app, written once: the router's table is built from these and every link,
 * redirect and navigation uses them. The odd names are the original shop's and stay as they are
 * (docs/decisions/original-routes.md); paths match case-insensitively.
 */

/** The addresses with parameters, as the router matches them. */
export const patterns = {
  product: '/product/one/:id',
  category: '/product/category/:id',
  department: '/department/:id',
  searchResults: '/searchResults/:query',
  passwordReset: '/password-reset/:id/:token',
  userOrders: '/dashboard/UserOrder/:userID',
  invoice: '/Orders/:id/invoice',
} as const;

const fixed = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  user: '/User',
  editProfile: '/EditProfile',
  updateName: '/UpdateName',
  updateEmail: '/UpdateEmail',
  updatePhone: '/UpdatePhone',
  updatePassword: '/Updatepass',
  favourite: '/Favourite',
  addReview: '/AddReview',
  about: '/about',
  dashboard: '/dashboard',
  dashProducts: '/dashboard/DashProducts',
  dashOrders: '/dashboard/orders',
  dashUsers: '/dashboard/Users',
  dashCategories: '/dashboard/Categories',
  dashDepartments: '/dashboard/DepartmentsAdmin',
  dashLogs: '/dashboard/logs',
  dashShipping: '/dashboard/Shipping',
  cart: '/CartPage',
  shippingAddress: '/ShippingAdress',
  shippingForm: '/ShippingForm',
  payment: '/Payment',
  placeOrder: '/PlaceOrder',
  stripe: '/Stripe',
  success: '/success',
  paymentStatus: '/PaymentStatus',
  orderError: '/OrderError',
  orders: '/Orders',
} as const;

/** The app's paths: fixed ones as strings, those with parameters as functions (parameters are URL-encoded). */
export const paths = {
  ...fixed,
  product: (id: string) => generatePath(patterns.product, { id }),
  category: (id: string) => generatePath(patterns.category, { id }),
  department: (id: string) => generatePath(patterns.department, { id }),
  searchResults: (query: string) => generatePath(patterns.searchResults, { query }),
  userOrders: (userId: string) => generatePath(patterns.userOrders, { userID: userId }),
  /** An order's printable invoice, for its shopper and for admins. */
  invoice: (orderId: string) => generatePath(patterns.invoice, { id: orderId }),
  /** The review form for a product. */
  reviewOf: (productId: string) => `${fixed.addReview}?product=${encodeURIComponent(productId)}`,
  /** The dashboard's products, filtered by a search. */
  dashProductsMatching: (query: string) => `${fixed.dashProducts}?q=${encodeURIComponent(query)}`,
} as const;
