import type { FastifyPluginAsync } from 'fastify';
import { usersRoutes } from './users/routes.js';
import { phoneSignInRoutes } from './users/phone-routes.js';
import { messagingRoutes } from './messaging/routes.js';
import { departmentsRoutes } from './departments/routes.js';
import { categoriesRoutes } from './categories/routes.js';
import { productsRoutes } from './products/routes.js';
import { searchRoutes } from './search/routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { cartRoutes } from './cart/routes.js';
import { favouritesRoutes } from './favourites/routes.js';
import { backInStockRoutes } from './back-in-stock/routes.js';
import { addressesRoutes } from './addresses/routes.js';
import { ordersRoutes } from './orders/routes.js';
import { paymentsRoutes } from './payments/routes.js';
import { courierRoutes } from './courier/routes.js';
import { logsRoutes } from './logs/routes.js';
import { statsRoutes } from './stats/routes.js';
import { adminOrdersRoutes } from './admin-orders/routes.js';
import { shippingRoutes } from './shipping/routes.js';
import { shopRoutes } from './shop/routes.js';
import { couponsRoutes } from './coupons/routes.js';
import { variantsRoutes } from './variants/routes.js';
import { staffRoutes } from './staff/routes.js';
import { receiptsRoutes } from './receipts/routes.js';
import { confirmationsRoutes } from './confirmations/routes.js';
import { phoneRecordsRoutes } from './phone-records/routes.js';
import { reportsRoutes } from './reports/routes.js';
import { homeRoutes } from './home/routes.js';

/** Every resource's routes, registered under /api by app.ts. */
export const apiModules: FastifyPluginAsync[] = [
  usersRoutes,
  phoneSignInRoutes,
  messagingRoutes,
  departmentsRoutes,
  categoriesRoutes,
  productsRoutes,
  searchRoutes,
  reviewsRoutes,
  cartRoutes,
  favouritesRoutes,
  backInStockRoutes,
  addressesRoutes,
  ordersRoutes,
  paymentsRoutes,
  courierRoutes,
  logsRoutes,
  statsRoutes,
  adminOrdersRoutes,
  shippingRoutes,
  shopRoutes,
  couponsRoutes,
  variantsRoutes,
  staffRoutes,
  receiptsRoutes,
  confirmationsRoutes,
  phoneRecordsRoutes,
  reportsRoutes,
  homeRoutes,
];
