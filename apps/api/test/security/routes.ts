import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { PASSWORD, uniqueEmail } from '../harness.js';
import {
  DEFAULT_COD_SETTINGS,
  DEFAULT_SHIPPING_RATES,
  pathIn,
  PERMISSIONS,
  PRODUCT_CSV_COLUMNS,
  type Permission,
} from '@shop/contracts';
import { signWebhook } from '../../src/modules/payments/offline-provider.js';
import { DEFAULT_SHOP_DETAILS, DEFAULT_SHOP_PAGES } from '../../src/modules/shop/defaults.js';
import { ADDRESS, GOOD_CARD, hex, pngPart, type Req, type Subject, type World } from './helpers.js';

/**
 * The expectations table: every route of the server, keyed "METHOD /path" exactly as the server's
 * route table names it, with who it is for and the answer each caller must get. permissions.test.ts
 * fails on a route missing here (so a new route cannot skip the matrix) and on an entry no route has.
 * HEAD twins of GET routes take their GET entry.
 *
 * Each request is aimed at `s`, the subject's resources: the owner's in the matrix, so "other" is
 * another shopper reaching for the owner's things. ownership.test.ts aims it at the other shopper's
 * own resources and then swaps in the owner's ids.
 */

export type Who = 'visitor' | 'owner' | 'other' | 'admin';
export const CALLERS: Who[] = ['visitor', 'owner', 'other', 'admin'];
/** A route's access: its kind, or for a dashboard route the permission it needs (or those it needs one of). */
export type Access = 'public' | 'user' | 'shopper' | 'metrics' | Permission | `${Permission}|${string}`;
/** A route open to a member holding any of `permissions`, as the harness names its access. */
const anyOf = (...permissions: Permission[]) => permissions.join('|') as Access;
/** Whether a route is the dashboard's: it needs a permission, which the matrix's admin (an owner) has. */
export const isStaffAccess = (access: string): boolean =>
  access.split('|').every((part) => (PERMISSIONS as readonly string[]).includes(part));

export interface RouteCase {
  access: Access;
  /** The status each caller must get. */
  expect: Record<Who, number>;
  request(w: World, s: Subject): Req | Promise<Req>;
}

const statuses = (visitor: number, owner: number, other: number, admin: number): Record<Who, number> => ({
  visitor,
  owner,
  other,
  admin,
});
const everyone = (status: number) => statuses(status, status, status, status);
/** Admin routes: visitors 401, shoppers 403. */
const adminOnly = (status: number) => statuses(401, 403, 403, status);
/** Shopper routes: visitors 401, admins 403 (they have no cart, favourites or orders). */
const shopperOnly = (status: number) => statuses(401, status, status, 403);
const signedIn = (status: number) => statuses(401, status, status, status);

const none = (): Req => ({});
/** A home banner the dashboard's form would send. */
const BANNER = { image: '/banners/banner-fashion.svg', imageAr: '/banners/banner-fashion.ar.svg', altAr: 'عرض' };
/** A mobile nobody's account has: 010 and eight random digits. */
const newMobile = () => `010${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
/** One unit of the spare product, cash on delivery to the fixtures' address, taken by phone. */
const staffOrder = (w: World) => ({
  items: [{ product_id: w.spare.id, quantity: 1 }],
  deliveryAddress: ADDRESS,
  paymentMethod: 'cash',
  source: 'phone',
});
const newPassword = { password: 'N3wPassw0rd!', confirm_password: 'N3wPassw0rd!' };

async function productForm(w: World, extra: Record<string, string> = {}): Promise<Req> {
  return {
    form: {
      fields: {
        name: `Kettle ${hex()}`,
        brand: 'Tornado',
        category: w.category.id,
        department: w.department.id,
        description: 'Boils water fast',
        price: '899.5',
        stock: '4',
        weight: '1.2',
        cod: 'true',
        ...extra,
      },
      files: [await pngPart(3)],
    },
  };
}

/** A CSV file of one new product in the world's category, for the import's dry run. */
const importFile = (w: World): Req => ({
  form: {
    fields: { createMissing: 'false' },
    files: [
      {
        field: 'file',
        filename: 'products.csv',
        contentType: 'text/csv',
        data: Buffer.from(
          `${PRODUCT_CSV_COLUMNS.join(',')}\r\n` +
            `,Kettle ${hex()},,Boils water fast,,Tornado,${w.department.name},${w.category.name},899.50,,4,1.2,true,\r\n`,
        ),
      },
    ],
  },
});

/** A signed event the shop acknowledges without acting on it. */
function ignoredEvent(w: World): Req {
  const payload = JSON.stringify({
    id: `evt_${hex(8)}`,
    object: 'event',
    type: 'charge.updated',
    data: { object: {} },
  });
  return {
    raw: { body: payload, contentType: 'application/json' },
    headers: { 'stripe-signature': signWebhook(payload, w.webhookSecret, new Date()) },
  };
}

/**
 * The courier the matrix's shop ships with: its callback route answers only for the courier
 * configured. Nothing here calls Bosta, so its URL leads nowhere.
 */
export const COURIER_ENV = {
  COURIER: 'bosta',
  BOSTA_API_KEY: 'matrix-bosta-api-key',
  BOSTA_API_URL: 'http://127.0.0.1:9',
  BOSTA_WEBHOOK_SECRET: 'matrix-bosta-webhook-secret',
};

/** WhatsApp and CEQUENS configured (their APIs unreachable: nothing here sends), so their reports are checked. */
export const MESSAGING_ENV = {
  WHATSAPP_ACCESS_TOKEN: 'matrix-whatsapp-token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  WHATSAPP_API_URL: 'http://127.0.0.1:9',
  WHATSAPP_APP_SECRET: 'matrix-whatsapp-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'matrix-whatsapp-verify-token',
  CEQUENS_API_KEY: 'matrix-cequens-api-key',
  CEQUENS_SENDER: 'EGPShop',
  CEQUENS_API_URL: 'http://127.0.0.1:9',
  CEQUENS_DLR_SECRET: 'matrix-cequens-dlr-secret',
};

/** A WhatsApp notification with nothing in it, signed with the app secret as Meta signs it. */
function signedWhatsApp(): Req {
  const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
  const signature = createHmac('sha256', MESSAGING_ENV.WHATSAPP_APP_SECRET).update(body).digest('hex');
  return { raw: { body, contentType: 'application/json' }, headers: { 'x-hub-signature-256': `sha256=${signature}` } };
}

/** A mobile nobody asked a code for yet: each call its own, so the 60 s wait between codes never answers. */
const freshMobile = () => `010${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** An authenticated Bosta callback for a step the shop does not act on (47: an exception on the way). */
const courierStep = (): Req => ({
  raw: {
    body: JSON.stringify({ _id: hex(12), trackingNumber: '12345678', state: 47, timeStamp: Date.now() }),
    contentType: 'application/json',
  },
  headers: { authorization: COURIER_ENV.BOSTA_WEBHOOK_SECRET },
});

const docs = (status: number): RouteCase => ({ access: 'public', expect: everyone(status), request: none });

/** The storefront's pages (modules/seo), in English and behind /ar: anybody's, named after the subject's catalogue. */
function storefrontPages(): Record<string, RouteCase> {
  const page = (request: RouteCase['request']): RouteCase => ({ access: 'public', expect: everyone(200), request });
  const pages: [string, RouteCase][] = [
    ['/', page(none)],
    ['/about', page(none)],
    ['/pages/:page', page(() => ({ params: { page: 'returns' } }))],
    ['/department/:id', page((w) => ({ params: { id: w.department.id } }))],
    ['/product/category/:id', page((w) => ({ params: { id: w.category.id } }))],
    ['/product/one/:id', page((w) => ({ params: { id: w.product.id } }))],
    ['/product/one/:id/:slug', page((w) => ({ params: { id: w.product.id, slug: 'any-name' } }))],
    ['/searchResults/:query', page(() => ({ params: { query: 'kettle' } }))],
  ];
  return Object.fromEntries(
    pages.flatMap(([path, route]) => [
      [`GET ${path}`, route],
      [`GET ${pathIn(path, 'ar')}`, route],
    ]),
  );
}

/** The header's search form sent without JavaScript (modules/seo), in either language: a redirect to the results. */
const searchForm: RouteCase = { access: 'public', expect: everyone(303), request: () => ({ query: { q: 'kettle' } }) };

export const ROUTES: Record<string, RouteCase> = {
  // The OpenAPI document and its viewer are public by design: the API is documented for anyone who calls it.
  'GET /api/docs': docs(200),
  'HEAD /api/docs/': docs(200),
  // Swagger UI sends the bare page to the documentation root.
  'GET /api/docs/static/index.html': docs(302),
  'GET /api/docs/static/swagger-initializer.js': docs(200),
  'GET /api/docs/json': docs(200),
  'GET /api/docs/yaml': docs(200),
  'GET /api/docs/static/*': {
    access: 'public',
    expect: everyone(200),
    request: () => ({ params: { '*': 'swagger-ui.css' } }),
  },

  'GET /api/health': { access: 'public', expect: everyone(200), request: none },
  'GET /api/ready': { access: 'public', expect: everyone(200), request: none },
  // For a Prometheus scraper with METRICS_TOKEN (set in every test app): no session, an admin's included, opens it.
  'GET /metrics': { access: 'metrics', expect: everyone(401), request: none },

  'POST /api/user/register': {
    access: 'public',
    expect: everyone(201),
    request: () => ({
      json: {
        name: 'Omar Ali',
        email: uniqueEmail('reg'),
        phone: '01012345678',
        password: PASSWORD,
        confirm_password: PASSWORD,
      },
    }),
  },
  'POST /api/user/login': {
    access: 'public',
    expect: everyone(200),
    request: (_w, s) => ({ json: { email: s.account.email, password: PASSWORD } }),
  },
  // The same answer for every caller, account or none: nobody learns who shops here.
  'POST /api/auth/phone/start': {
    access: 'public',
    expect: everyone(202),
    request: () => ({ json: { phone: freshMobile(), channel: 'sms' } }),
  },
  'POST /api/auth/phone/verify': {
    access: 'public',
    expect: everyone(401),
    request: () => ({ json: { phone: freshMobile(), code: '123456' } }),
  },
  // The verify token, the app secret's signature and the address's secret are the credentials.
  'GET /api/messaging/whatsapp/webhook': {
    access: 'public',
    expect: everyone(200),
    request: () => ({
      query: {
        'hub.mode': 'subscribe',
        'hub.verify_token': MESSAGING_ENV.WHATSAPP_VERIFY_TOKEN,
        'hub.challenge': '42',
      },
    }),
  },
  'POST /api/messaging/whatsapp/webhook': { access: 'public', expect: everyone(200), request: signedWhatsApp },
  'GET /api/messaging/cequens/dlr/:secret': {
    access: 'public',
    expect: everyone(200),
    request: () => ({ params: { secret: MESSAGING_ENV.CEQUENS_DLR_SECRET }, query: { MessageId: hex(), Status: '1' } }),
  },
  'POST /api/messaging/cequens/dlr/:secret': {
    access: 'public',
    expect: everyone(200),
    request: () => ({ params: { secret: MESSAGING_ENV.CEQUENS_DLR_SECRET }, query: { MessageId: hex(), Status: '2' } }),
  },
  // A reminder's signed link is the credential (cart-reminders.ts): a forged one stops nobody's, whoever sends it.
  'GET /api/messaging/reminders/stop/:token': {
    access: 'public',
    expect: everyone(404),
    request: () => ({ params: { token: `${randomUUID()}.forged-signature` } }),
  },
  'PUT /api/user': { access: 'user', expect: signedIn(200), request: () => ({ json: { name: 'Renamed Person' } }) },
  'PUT /api/user/password': { access: 'user', expect: signedIn(200), request: () => ({ json: newPassword }) },
  'DELETE /api/user': { access: 'user', expect: signedIn(200), request: none },
  'POST /api/user/logout': { access: 'user', expect: signedIn(204), request: none },
  'POST /api/user/logout/everywhere': { access: 'user', expect: signedIn(204), request: none },
  'GET /api/user/sessions': { access: 'user', expect: signedIn(200), request: none },
  // The owner's other device; another's is "not found".
  'DELETE /api/user/sessions/:id': {
    access: 'user',
    expect: statuses(401, 204, 404, 404),
    request: (_w, s) => ({ params: { id: s.sessionId } }),
  },
  // Sends a code as phone sign-in does, alike whoever proved the mobile; a wrong code is refused without a 401.
  'POST /api/user/phone/code': {
    access: 'user',
    expect: signedIn(202),
    request: () => ({ json: { phone: freshMobile(), channel: 'sms' } }),
  },
  'PUT /api/user/phone': {
    access: 'user',
    expect: signedIn(400),
    request: () => ({ json: { phone: freshMobile(), code: '123456' } }),
  },
  'POST /api/user/forgotPassword': {
    access: 'public',
    expect: everyone(200),
    request: (_w, s) => ({ json: { email: s.account.email } }),
  },
  // The mailed link is the credential: whoever holds it may use it, signed in or not.
  'GET /api/user/password-reset/:id/:token': {
    access: 'public',
    expect: everyone(200),
    request: (_w, s) => ({ params: { id: s.account.id, token: s.resetToken } }),
  },
  'POST /api/user/password-reset/:id/:token': {
    access: 'public',
    expect: everyone(200),
    request: (_w, s) => ({ params: { id: s.account.id, token: s.resetToken }, json: newPassword }),
  },
  'GET /api/user/allUsers': { access: 'customers.read', expect: adminOnly(200), request: none },
  // The owner shopper is signed out everywhere; the world is built again after it.
  'POST /api/admin/customers/:userId/sign-out': {
    access: 'customers.sign_out',
    expect: adminOnly(204),
    request: (_w, s) => ({ params: { userId: s.account.id } }),
  },

  'GET /api/department': { access: 'public', expect: everyone(200), request: none },
  'POST /api/department': {
    access: 'catalogue.write',
    expect: adminOnly(201),
    request: () => ({ json: { name: `Garden ${hex()}` } }),
  },
  'PUT /api/department': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ json: { id: w.emptyDepartment.id, name: `Renamed ${hex()}` } }),
  },
  'DELETE /api/department/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.emptyDepartment.id } }),
  },

  'GET /api/category': { access: 'public', expect: everyone(200), request: none },
  'GET /api/category/dept/:id': {
    access: 'public',
    expect: everyone(200),
    request: (w) => ({ params: { id: w.department.id } }),
  },
  'POST /api/category': {
    access: 'catalogue.write',
    expect: adminOnly(201),
    request: (w) => ({ json: { department: w.department.id, name: `Tents ${hex()}` } }),
  },
  'PUT /api/category': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ json: { id: w.emptyCategory.id, department: w.department.id, name: `Renamed ${hex()}` } }),
  },
  'DELETE /api/category/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.emptyCategory.id } }),
  },
  'POST /api/category/img/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: async (w) => ({ params: { id: w.category.id }, form: { fields: {}, files: [await pngPart(5)] } }),
  },

  'GET /api/product': {
    access: 'public',
    expect: everyone(200),
    request: () => ({ query: { page: '1', includeOutOfStock: 'true' } }),
  },
  'GET /api/product/one/:id': {
    access: 'public',
    expect: everyone(200),
    request: (w) => ({ params: { id: w.product.id } }),
  },
  'POST /api/product': { access: 'catalogue.write', expect: adminOnly(201), request: (w) => productForm(w) },
  'PUT /api/product': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => productForm(w, { id: w.spare.id }),
  },
  'DELETE /api/product/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.spare.id } }),
  },
  // No options and no variants: the product stays sold as one thing, so the other routes' carts and orders hold.
  'PUT /api/product/:id/variants': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.product.id }, json: { options: [], variants: [] } }),
  },
  'GET /api/product/search': {
    access: 'public',
    expect: everyone(200),
    request: () => ({ query: { name: 'Product', includeOutOfStock: 'true' } }),
  },
  'GET /api/product/suggest': { access: 'public', expect: everyone(200), request: () => ({ query: { q: 'Prod' } }) },
  'GET /api/admin/search-synonyms': { access: 'catalogue.write', expect: adminOnly(200), request: none },
  'PUT /api/admin/search-synonyms': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: () => ({ json: { groups: [['fridge', 'refrigerator']] } }),
  },

  'GET /api/review/product/:id': {
    access: 'public',
    expect: everyone(200),
    request: (w) => ({ params: { id: w.product.id } }),
  },
  'GET /api/review/product/:id/page': {
    access: 'public',
    expect: everyone(200),
    request: (w) => ({ params: { id: w.product.id } }),
  },
  'POST /api/review': {
    access: 'shopper',
    expect: shopperOnly(201),
    request: (w) => ({ json: { product: w.spare.id, rating: 4, title: 'Good', comment: 'Works as described' } }),
  },
  // The author or an admin; another shopper is refused.
  'DELETE /api/review/:id': {
    access: 'user',
    expect: statuses(401, 200, 403, 200),
    request: (_w, s) => ({ params: { id: s.reviewId } }),
  },
  'GET /api/admin/reviews': { access: 'reviews.manage', expect: adminOnly(200), request: none },
  'PUT /api/admin/reviews/:id/reply': {
    access: 'reviews.manage',
    expect: adminOnly(200),
    request: (_w, s) => ({ params: { id: s.reviewId }, json: { text: 'Thank you for your words', revision: 1 } }),
  },
  'DELETE /api/admin/reviews/:id/reply': {
    access: 'reviews.manage',
    expect: adminOnly(204),
    request: (_w, s) => ({ params: { id: s.reviewId } }),
  },

  'GET /api/cart': { access: 'shopper', expect: shopperOnly(200), request: none },
  'PUT /api/cart/incItem': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: (w) => ({ json: { product_id: w.spare.id, flag: 1 } }),
  },
  'PUT /api/cart/removeItem': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: (w) => ({ json: { product_id: w.product.id } }),
  },
  'PUT /api/cart/emptyCart': { access: 'shopper', expect: shopperOnly(200), request: none },

  'GET /api/favourite': { access: 'shopper', expect: shopperOnly(200), request: none },
  'PUT /api/favourite': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: (w) => ({ json: { products: [w.spare.id] } }),
  },
  'POST /api/favourite/:productId': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: (w) => ({ params: { productId: w.spare.id } }),
  },
  'DELETE /api/favourite/:productId': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: (w) => ({ params: { productId: w.product.id } }),
  },

  'GET /api/back-in-stock/:productId': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: (w) => ({ params: { productId: w.product.id } }),
  },
  // The world's products are in stock: a shopper reaches the route, which refuses to wait for what can be bought.
  'POST /api/back-in-stock/:productId': {
    access: 'shopper',
    expect: shopperOnly(400),
    request: (w) => ({ params: { productId: w.spare.id }, json: {} }),
  },
  'DELETE /api/back-in-stock/:productId': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: (w) => ({ params: { productId: w.product.id } }),
  },

  'GET /api/address': { access: 'shopper', expect: shopperOnly(200), request: none },
  'POST /api/address': {
    access: 'shopper',
    expect: shopperOnly(201),
    request: () => ({ json: { address: { ...ADDRESS, street: `Nile St ${hex()}` } } }),
  },
  // The owner's own address; another shopper's is "not found".
  'PUT /api/address/:id': {
    access: 'shopper',
    expect: statuses(401, 200, 404, 403),
    request: (_w, s) => ({
      params: { id: s.addressId },
      json: { address: { ...ADDRESS, street: `Nile St ${hex()}` } },
    }),
  },
  'PUT /api/address/:id/default': {
    access: 'shopper',
    expect: statuses(401, 200, 404, 403),
    request: (_w, s) => ({ params: { id: s.addressId } }),
  },
  'DELETE /api/address/:id': {
    access: 'shopper',
    expect: statuses(401, 200, 404, 403),
    request: (_w, s) => ({ params: { id: s.addressId } }),
  },

  // Each shopper orders their own cart; nothing in the body names anyone else's.
  'POST /api/order': {
    access: 'shopper',
    expect: shopperOnly(201),
    request: () => ({ json: { deliveryAddress: ADDRESS, paymentMethod: 'cash' } }),
  },
  'GET /api/order': { access: 'shopper', expect: shopperOnly(200), request: none },
  'GET /api/order/cash': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: () => ({ query: { state: ADDRESS.state, phone: ADDRESS.phone } }),
  },
  // An admin reads any order (its invoice); another shopper's is "not found".
  'GET /api/order/:id': {
    access: 'user',
    expect: statuses(401, 200, 404, 200),
    request: (_w, s) => ({ params: { id: s.orderId } }),
  },
  'POST /api/order/:id/cancel': {
    access: 'shopper',
    expect: statuses(401, 200, 404, 403),
    request: (_w, s) => ({ params: { id: s.orderId }, json: { reason: 'Changed my mind' } }),
  },
  // The subjects' orders were never delivered: the owner gets past ownership to "not returnable".
  'POST /api/order/:id/return': {
    access: 'shopper',
    expect: statuses(401, 409, 404, 403),
    request: (_w, s) => ({ params: { id: s.orderId }, json: { reason: 'Too small' } }),
  },
  'GET /api/order/admin/:userId': {
    access: 'orders.read',
    expect: adminOnly(200),
    request: (_w, s) => ({ params: { userId: s.account.id } }),
  },
  'PUT /api/order/:id/status': {
    access: 'orders.move',
    expect: adminOnly(200),
    request: (_w, s) => ({ params: { id: s.orderId }, json: { status: 'cancelled' } }),
  },
  // The subjects' orders are unpaid: the admin gets past the role check to "nothing to refund".
  'POST /api/order/:id/refund': {
    access: 'orders.refund',
    expect: adminOnly(409),
    request: (_w, s) => ({ params: { id: s.orderId }, json: {} }),
  },
  // Nor was any of their refunds asked of a provider: "nothing waits to be checked".
  'POST /api/order/:id/refund-checked': {
    access: 'orders.refund',
    expect: adminOnly(409),
    request: (_w, s) => ({ params: { id: s.orderId }, json: { givenBack: false } }),
  },

  'GET /api/payment/config': { access: 'public', expect: everyone(200), request: none },
  // Another shopper's order is "not found", not "forbidden": its existence is not revealed.
  'POST /api/payment/create-payment-intent': {
    access: 'shopper',
    expect: statuses(401, 200, 404, 403),
    request: (_w, s) => ({ json: { order_id: s.orderId } }),
  },
  'GET /api/payment/status/:orderId': {
    access: 'shopper',
    expect: statuses(401, 200, 404, 403),
    request: (_w, s) => ({ params: { orderId: s.orderId } }),
  },
  // Signed by the provider like its callbacks (paymob.test.ts); the offline provider has no hosted checkout to come back from.
  'GET /api/payment/return': {
    access: 'public',
    expect: everyone(404),
    request: () => ({ query: { order: '1', hmac: 'f'.repeat(128) } }),
  },
  // Signed by the provider; no session involved.
  'POST /api/payment/webhook': { access: 'public', expect: everyone(200), request: (w) => ignoredEvent(w) },
  // Signed by Fawry (fawry.test.ts); with Fawry not configured, it knows no payment.
  'POST /api/payment/fawry/notification': {
    access: 'public',
    expect: everyone(404),
    request: () => ({ json: { fawryRefNumber: '1', merchantRefNumber: '1', orderStatus: 'PAID' } }),
  },
  'GET /api/payment/instalments': { access: 'settings.write', expect: adminOnly(200), request: none },
  // The test shop offers no instalment plan, so an admin's settings name none it takes (fawry.test.ts sets one).
  'PUT /api/payment/instalments/:name': {
    access: 'settings.write',
    expect: adminOnly(400),
    request: () => ({ params: { name: 'valu' }, json: { minBill: 1000, months: [12], interestPercent: 0 } }),
  },
  // Authenticated by the secret the courier sends; no session involved.
  'GET /api/courier': { access: 'orders.move', expect: adminOnly(200), request: none },
  'POST /api/courier/bosta/webhook': { access: 'public', expect: everyone(200), request: courierStep },
  // The client secret is the credential, as with Stripe.js.
  'POST /api/payment/offline/confirm': {
    access: 'public',
    expect: everyone(200),
    request: (_w, s) => ({ json: { clientSecret: s.clientSecret, card: GOOD_CARD } }),
  },
  'GET /api/payment/offline/intent': {
    access: 'public',
    expect: everyone(200),
    request: (_w, s) => ({ query: { client_secret: s.clientSecret } }),
  },

  'GET /api/logs': { access: 'audit.read', expect: adminOnly(200), request: () => ({ query: { page: '1' } }) },
  'GET /api/admin/stats': { access: 'reports.read', expect: adminOnly(200), request: none },
  'GET /api/admin/orders': {
    access: 'orders.read',
    expect: adminOnly(200),
    request: (_w, s) => ({ query: { q: s.orderId, page: '1' } }),
  },
  'GET /api/admin/orders/:id': {
    access: 'orders.read',
    expect: adminOnly(200),
    request: (_w, s) => ({ params: { id: s.orderId } }),
  },
  // To another governorate, which no order may move to: refused after the caller's permission let it through.
  'PUT /api/admin/orders/:id/address': {
    access: 'orders.move',
    expect: adminOnly(409),
    request: (_w, s) => ({ params: { id: s.orderId }, json: { address: { ...ADDRESS, state: 'Giza' } } }),
  },
  'POST /api/admin/orders/:id/notes': {
    access: 'orders.note',
    expect: adminOnly(201),
    request: (_w, s) => ({ params: { id: s.orderId }, json: { text: 'Called the customer: deliver after 5 pm' } }),
  },
  // Nothing owed on that order: the record is refused, after the caller's permission let it through.
  'POST /api/admin/orders/:id/owed/:ref/paid-back': {
    access: 'orders.refund',
    expect: adminOnly(409),
    request: (_w, s) => ({ params: { id: s.orderId, ref: 'no-such-payment' }, json: { paidBackBy: 'cash' } }),
  },
  'GET /api/admin/orders/export': {
    access: 'orders.read',
    expect: adminOnly(200),
    request: () => ({ query: { status: 'confirmed' } }),
  },
  // An order taken by phone for a new customer (a mobile of its own each time), of a product in nobody's cart.
  'POST /api/admin/orders': {
    access: 'orders.create',
    expect: adminOnly(201),
    request: (w) => ({ json: { ...staffOrder(w), customerPhone: newMobile(), customerName: 'Caller' } }),
  },
  'POST /api/admin/orders/quote': {
    access: 'orders.create',
    expect: adminOnly(200),
    request: (w) => ({ json: { items: staffOrder(w).items, state: 'Cairo', paymentMethod: 'cash' } }),
  },
  'GET /api/admin/customers/by-phone/:phone': {
    access: 'orders.create',
    expect: adminOnly(200),
    request: (_w, s) => ({ params: { phone: s.phone } }),
  },
  'GET /api/admin/products': { access: 'catalogue.write', expect: adminOnly(200), request: () => ({}) },
  'GET /api/admin/products/export': { access: 'catalogue.write', expect: adminOnly(200), request: () => ({}) },
  // The dry run only: nothing changes in the catalogue until an import is applied.
  'POST /api/admin/products/imports': { access: 'catalogue.write', expect: adminOnly(201), request: importFile },
  'GET /api/admin/products/imports/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.productImport.id } }),
  },
  'GET /api/admin/products/imports/:id/rejections': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.productImport.id }, query: { page: '1' } }),
  },
  'POST /api/admin/products/imports/:id/apply': {
    access: 'catalogue.write',
    expect: adminOnly(202),
    request: (w) => ({ params: { id: w.productImport.id } }),
  },

  // The prices are shown before signing in; only a quote needs the shopper's cart.
  'GET /api/shipping/rates': { access: 'public', expect: everyone(200), request: none },
  'GET /api/shipping/delivery-days': { access: 'public', expect: everyone(200), request: none },
  // Who the seller is: for anyone before they pay; the owner edits it.
  'GET /api/shop': { access: 'public', expect: everyone(200), request: none },
  'GET /api/shop/pages/:page': {
    access: 'public',
    expect: everyone(200),
    request: () => ({ params: { page: 'returns' } }),
  },
  'GET /api/admin/settings/shop': { access: 'settings.write', expect: adminOnly(200), request: none },
  'PUT /api/admin/settings/shop': {
    access: 'settings.write',
    expect: adminOnly(200),
    request: () => ({ json: { details: DEFAULT_SHOP_DETAILS, pages: Object.values(DEFAULT_SHOP_PAGES) } }),
  },
  'GET /api/home': { access: 'public', expect: everyone(200), request: none },
  'GET /api/admin/banners': { access: 'catalogue.write', expect: adminOnly(200), request: none },
  'POST /api/admin/banners': {
    access: 'catalogue.write',
    expect: adminOnly(201),
    request: () => ({ json: { ...BANNER, alt: `Offer ${hex()}` } }),
  },
  'PUT /api/admin/banners/order': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    // The world's banner is the shop's only one: the whole order.
    request: (w) => ({ json: { ids: [w.banner.id] } }),
  },
  'PUT /api/admin/banners/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.banner.id }, json: { ...BANNER, alt: `Renamed ${hex()}` } }),
  },
  'DELETE /api/admin/banners/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.banner.id } }),
  },
  'POST /api/admin/banners/picture': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: async () => ({ form: { fields: {}, files: [await pngPart(6)] } }),
  },
  // A confirmation link's signature is its only proof: a forged one names no order.
  'GET /api/order/confirm/:token': {
    access: 'public',
    expect: everyone(404),
    request: (_w, s) => ({ params: { token: `${s.orderId}.forged-signature` } }),
  },
  'POST /api/order/confirm/:token': {
    access: 'public',
    expect: everyone(404),
    request: (_w, s) => ({ params: { token: `${s.orderId}.forged-signature` }, json: { answer: 'cancel' } }),
  },
  // The subjects' orders are unpaid card orders: the owner gets past ownership to "not awaiting confirmation".
  'POST /api/order/:id/confirm': {
    access: 'shopper',
    expect: statuses(401, 409, 404, 403),
    request: (_w, s) => ({ params: { id: s.orderId } }),
  },
  'GET /api/admin/confirmations': { access: 'confirmations.work', expect: adminOnly(200), request: none },
  // The subjects' orders are unpaid card orders: the agent gets past the permission to "not awaiting confirmation".
  'POST /api/admin/confirmations/:orderId/claim': {
    access: 'confirmations.work',
    expect: adminOnly(409),
    request: (_w, s) => ({ params: { orderId: s.orderId } }),
  },
  'POST /api/admin/confirmations/:orderId/outcome': {
    access: 'confirmations.work',
    expect: adminOnly(409),
    request: (_w, s) => ({ params: { orderId: s.orderId }, json: { outcome: 'no_answer' } }),
  },
  'GET /api/admin/phone-records/:phone': {
    access: 'orders.read',
    expect: adminOnly(200),
    request: () => ({ params: { phone: ADDRESS.phone } }),
  },
  'GET /api/admin/reports/cod': {
    access: 'reports.read',
    expect: adminOnly(200),
    request: () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  },
  'GET /api/admin/carts': { access: 'customers.read', expect: adminOnly(200), request: none },
  'GET /api/admin/reports/sales': {
    access: 'reports.read',
    expect: adminOnly(200),
    request: () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  },
  'GET /api/admin/reports/sales/export': {
    access: 'reports.read',
    expect: adminOnly(200),
    request: () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }),
  },
  'GET /api/admin/settings/cod': { access: 'settings.write', expect: adminOnly(200), request: none },
  'PUT /api/admin/settings/cod': {
    access: 'settings.write',
    expect: adminOnly(200),
    request: () => ({ json: DEFAULT_COD_SETTINGS }),
  },
  'PUT /api/shipping/rates': {
    access: 'settings.write',
    expect: adminOnly(200),
    request: () => ({ json: DEFAULT_SHIPPING_RATES }),
  },
  'GET /api/shipping/quote': {
    access: 'shopper',
    expect: shopperOnly(200),
    request: () => ({ query: { state: ADDRESS.state, paymentMethod: 'cash' } }),
  },

  // Staff management: the owner's. A member is changed to the role they have, and suspending someone who is not on
  // the staff is 'not found', so the world keeps its one owner.
  'GET /api/admin/roles': { access: 'staff.manage', expect: adminOnly(200), request: none },
  'POST /api/admin/roles': {
    access: 'staff.manage',
    expect: adminOnly(201),
    request: () => ({ json: { name: `Role ${hex()}`, permissions: ['orders.read'] } }),
  },
  // A built-in role is refused once the caller is let through: changing one would change the world's owner.
  'PUT /api/admin/roles/:key': {
    access: 'staff.manage',
    expect: adminOnly(409),
    request: () => ({ params: { key: 'orders' }, json: { name: 'Orders desk', permissions: ['orders.read'] } }),
  },
  'DELETE /api/admin/roles/:key': {
    access: 'staff.manage',
    expect: adminOnly(409),
    request: () => ({ params: { key: 'orders' } }),
  },
  'GET /api/admin/staff': { access: 'staff.manage', expect: adminOnly(200), request: none },
  'POST /api/admin/staff/invitations': {
    access: 'staff.manage',
    expect: adminOnly(201),
    request: () => ({ json: { email: uniqueEmail('invited'), role: 'support' } }),
  },
  'GET /api/admin/staff/invitations': { access: 'staff.manage', expect: adminOnly(200), request: none },
  'POST /api/admin/staff/invitations/:id/resend': {
    access: 'staff.manage',
    expect: adminOnly(404),
    request: () => ({ params: { id: randomUUID() } }),
  },
  'DELETE /api/admin/staff/invitations/:id': {
    access: 'staff.manage',
    expect: adminOnly(404),
    request: () => ({ params: { id: randomUUID() } }),
  },
  'PUT /api/admin/staff/:userId': {
    access: 'staff.manage',
    expect: adminOnly(200),
    request: (w) => ({ params: { userId: w.admin.id }, json: { role: 'owner' } }),
  },
  'POST /api/admin/staff/:userId/suspend': {
    access: 'staff.manage',
    expect: adminOnly(404),
    request: (_w, s) => ({ params: { userId: s.account.id } }),
  },
  'POST /api/admin/staff/:userId/restore': {
    access: 'staff.manage',
    expect: adminOnly(404),
    request: (_w, s) => ({ params: { userId: s.account.id } }),
  },
  'GET /api/staff/me': { access: 'user', expect: signedIn(200), request: none },
  'GET /api/staff/me/alerts': {
    access: anyOf('orders.read', 'orders.move', 'catalogue.write', 'reviews.manage', 'reports.read'),
    expect: adminOnly(200),
    request: none,
  },
  'PUT /api/staff/me/alerts': {
    access: anyOf('orders.read', 'orders.move', 'catalogue.write', 'reviews.manage', 'reports.read'),
    expect: adminOnly(200),
    request: () => ({ json: { alerts: [], language: 'ar' } }),
  },
  'POST /api/staff/invitation': {
    access: 'public',
    expect: everyone(410),
    request: () => ({ json: { token: hex() } }),
  },
  'POST /api/staff/accept': {
    access: 'public',
    expect: everyone(410),
    request: () => ({ json: { token: hex(), password: PASSWORD } }),
  },
  'GET /api/admin/coupons': { access: 'coupons.write', expect: adminOnly(200), request: none },
  'POST /api/admin/coupons': {
    access: 'coupons.write',
    expect: adminOnly(201),
    request: () => ({ json: { code: `NEW${hex()}`, kind: 'fixed', value: 50 } }),
  },
  'PUT /api/admin/coupons/:id': {
    access: 'coupons.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.coupon.id }, json: { code: w.coupon.code, kind: 'percent', value: 15 } }),
  },
  'PATCH /api/admin/coupons/:id': {
    access: 'coupons.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.coupon.id }, json: { paused: false } }),
  },
  'GET /api/admin/coupons/:id/uses': {
    access: 'coupons.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.coupon.id } }),
  },

  // E-receipts: the world has no POS configured, so there is no receipt to resend or draw.
  'GET /api/admin/settings/eta': { access: 'settings.write', expect: adminOnly(200), request: none },
  'PUT /api/admin/settings/eta': {
    access: 'settings.write',
    expect: adminOnly(200),
    request: () => ({
      json: {
        rin: '100200300',
        companyTradeName: 'EGP Shop',
        branchCode: '0',
        branchAddress: { governate: 'Cairo', regionCity: 'Nasr City', street: 'Abbas', buildingNumber: '1' },
        activityCode: '4791',
        deliveryItemCode: 'EG-100200300-DELIVERY',
      },
    }),
  },
  'GET /api/admin/eta/receipts': { access: 'settings.write', expect: adminOnly(200), request: none },
  'POST /api/admin/eta/receipts/:id/resend': {
    access: 'settings.write',
    expect: adminOnly(404),
    request: () => ({ params: { id: '1' } }),
  },
  'GET /api/admin/eta/products/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.spare.id } }),
  },
  'PUT /api/admin/eta/products/:id': {
    access: 'catalogue.write',
    expect: adminOnly(200),
    request: (w) => ({ params: { id: w.spare.id }, json: { itemType: 'GS1', itemCode: '6221234567890' } }),
  },
  'GET /api/eta/receipts/:uuid/qr.png': {
    access: 'public',
    expect: everyone(404),
    request: () => ({ params: { uuid: 'a'.repeat(64) } }),
  },

  ...storefrontPages(),
  'GET /searchResults': searchForm,
  'GET /ar/searchResults': searchForm,
  'GET /robots.txt': { access: 'public', expect: everyone(200), request: none },
  'GET /sitemap.xml': { access: 'public', expect: everyone(200), request: none },
  'GET /sitemap-:n.xml': { access: 'public', expect: everyone(200), request: () => ({ params: { n: '1' } }) },
  'GET /uploads/:name': {
    access: 'public',
    expect: everyone(200),
    request: (w) => ({ params: { name: w.imageName } }),
  },
};

/** The table entry of a route: its own, or for a HEAD twin its GET's. */
export function caseFor(method: string, url: string): RouteCase | undefined {
  return ROUTES[`${method} ${url}`] ?? (method === 'HEAD' ? ROUTES[`GET ${url}`] : undefined);
}

/** Changes the session or the account itself: callers need a fresh identity per request. */
export const SESSION_ENDING = new Set([
  'DELETE /api/user',
  'POST /api/user/logout',
  'POST /api/user/logout/everywhere',
  'PUT /api/user/password',
  'POST /api/user/password-reset/:id/:token',
]);

export const randomId = () =>
  randomBytes(16)
    .toString('hex')
    .replace(/^(.{8})(.{4}).(.{3}).(.{3})(.{12})$/, '$1-$2-4$3-a$4-$5');
