/** Business constants shared by the API and the web app (docs/architecture.md explains the flows). */
export const CURRENCY = 'EGP';
export const PAGE_SIZE = 8;
export const MAX_PAGE_SIZE = 48;
export const SEARCH_LIMIT = 60;
/**
 * The stars a review may give, most first, as lists of them show. Here and not beside the review's schema: the product
 * page reads it, and a module of zod schemas would bring zod into its first load (e2e/storefront/first-load.spec.ts).
 */
export const REVIEW_STARS = [5, 4, 3, 2, 1] as const;
export const SHIPPING_FEE_EGP = 21;
export const COD_FEE_EGP = 9;
export const SESSION_TTL_MS = 864_000_000;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const CARD_ORDER_TTL_MS = 30 * 60 * 1000;
/**
 * How long an online order whose payment the provider reports pending keeps its stock: a kiosk
 * reference is paid in cash at an Aman or Masary outlet, often the next day, and a wallet payment
 * waits for its owner to approve it on the phone. Expiring those at the card TTL would cancel orders
 * that are being paid; 48 hours covers a weekend day and the outlet's settlement, and stock held
 * longer than that is more likely abandoned than bought.
 */
export const PENDING_PAYMENT_TTL_MS = 48 * 60 * 60 * 1000;
/** The working days a card refund may take to show on the shopper's statement, as the shop tells them. */
export const CARD_REFUND_DAYS = 10;
export const CAROUSEL_INTERVAL_MS = 3000;
/** The home's carousel shows at most this many banners (the spec: "carousel of 4 banner images"). */
export const BANNERS_SHOWN = 4;
/** The width (px) up to which a phone takes a banner's narrow picture: Bootstrap's `sm` breakpoint. */
export const BANNER_NARROW_MAX_PX = 575.98;
export const TOAST_MS = 3000;
export const CART_TOAST_MS = 1000;
export const SUCCESS_REDIRECT_MS = 10_000;
export const QUERY_CACHE_SECONDS = 60;
export const LOW_STOCK_THRESHOLD = 5;
export const MAX_PRODUCT_IMAGES = 10;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
/**
 * The narrower copies of an uploaded picture a page may ask for (`/uploads/<name>?w=400`), beside the
 * picture as uploaded (at most 1200 px): a phone's card or a thumbnail never downloads the large one.
 */
export const IMAGE_WIDTHS = [200, 400, 800] as const;

export const SORT_OPTIONS = ['Price: Low to High', 'Price: High to Low', 'Avg. Customer review'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PAYMENT_METHODS = ['visa', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec: 'visa' means card payment; any other value is treated as cash on delivery. */
export function normalisePaymentMethod(value: string): PaymentMethod {
  return value === 'visa' ? 'visa' : 'cash';
}

export const AUDIT_TYPES = ['auth', 'user', 'admin', 'order', 'payment'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

/**
 * Every action the API writes to the audit log, once: the API's writer takes only these, and the dashboard's log has
 * words for each in both languages (a name missing there fails its type check). Entries keep their action as written,
 * so an action the API stops writing stays here while the log may still show it.
 */
export const AUDIT_ACTIONS = [
  // Sign-in and accounts
  'login',
  'login_failed',
  'register',
  'phone_register',
  'phone_login',
  'phone_proven',
  'password_change',
  'signed_out_everywhere',
  'signed_out_device',
  'password_reset',
  'reset_requested',
  'delete_account',
  'admin_create',
  'admin_promote',
  // Orders
  'order_placed',
  'order_status',
  'order_refunded',
  'order_refund_unconfirmed',
  'order_refund_not_given',
  'order_refund_checked',
  'order_confirmation_answered',
  'order_confirmation_timeout',
  'order_expired',
  'order_replaced',
  'order_note',
  'order_address',
  'orders_export',
  'customer_created',
  'customer_signed_out',
  'confirmation_claimed',
  'confirmation_outcome',
  'cod_settings',
  'unknown_parcel',
  // Payments
  'intent_created',
  'payment_succeeded',
  'payment_pending',
  'payment_failed',
  'payment_refunded',
  'payment_voided',
  'payment_duplicate',
  'amount_mismatch',
  'unknown_order',
  'deposit_paid',
  'deposit_refunded',
  'deposit_refund_failed',
  'paid_after_cancel',
  'paid_after_cancel_refunded',
  'paid_after_cancel_refund_failed',
  'duplicate_refunded',
  'duplicate_refund_failed',
  'payment_paid_back',
  // E-receipts
  'eta_settings',
  'eta_resend',
  'eta_product_code',
  // Catalogue and shop
  'product_create',
  'product_update',
  'product_delete',
  'product_variants',
  'product_import_check',
  'product_import_apply',
  'sale_ended',
  'category_create',
  'category_update',
  'category_delete',
  'category_image',
  'department_create',
  'department_update',
  'department_delete',
  'coupon_create',
  'coupon_update',
  'coupon_pause',
  'coupon_resume',
  'banner_create',
  'banner_update',
  'banner_delete',
  'banner_order',
  'review_delete',
  'review_reply',
  'review_reply_delete',
  'instalment_plan_saved',
  'shipping_rates_update',
  'search_synonyms_update',
  'shop_settings_update',
  'seed_demo',
  // Staff
  'role_create',
  'role_update',
  'role_delete',
  'staff_invite',
  'staff_invite_withdraw',
  'staff_join',
  'staff_role_change',
  'staff_suspend',
  'staff_restore',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Where an order came from: the storefront's checkout ('web'), or the way a customer reached the staff member who
 * placed it for them (an order taken by phone, from a WhatsApp chat, an Instagram message or anything else).
 */
export const ORDER_SOURCES = ['web', 'phone', 'whatsapp', 'instagram', 'other'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const STAFF_ORDER_SOURCES = ['phone', 'whatsapp', 'instagram', 'other'] as const;
export type StaffOrderSource = (typeof STAFF_ORDER_SOURCES)[number];

/**
 * Egypt's Consumer Protection Law (181 of 2018) gives a shopper 14 days from delivery to return goods. Here, without
 * zod, because the product page promises it.
 */
export const RETURN_WINDOW_DAYS = 14;

/**
 * How long a request whose outcome is unknown (a timeout) holds the order. A refund the provider did
 * make is reported by its callback within seconds; one still unheard of after this long was never
 * made, and the admin may ask again (the dashboard says until when) rather than find the order stuck.
 */
export const REFUND_SETTLE_MS = 15 * 60_000;
