import { sql } from 'drizzle-orm';
import type {
  AddressInput,
  EtaBranchAddress,
  OrderLineVariant,
  PhoneCodeChannel,
  ProductOption,
  VariantOptions,
} from '@shop/contracts';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * When what shoppers see of a catalogue row last changed (the sitemap's lastmod). A trigger keeps it for
 * every writer, the admin's forms, the CSV import and checkout alike (db/sql/updated-at.sql).
 */
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Null for an account made by phone, until its owner adds one in the profile. */
    email: text('email'),
    phone: text('phone').notNull(),
    /** Null for an account made by phone: it signs in with codes until its owner sets one. */
    passwordHash: text('password_hash'),
    /** The spec's admin flag: true exactly for staff members, whose role says what they may do. */
    role: boolean('role').notNull().default(false),
    /** A staff member's role (a built-in role's name, a custom role's id); null for shoppers. */
    staffRole: text('staff_role').references(() => staffRoles.key),
    /** Set while the owner has suspended this member: no session works and no sign-in succeeds. */
    staffSuspendedAt: timestamp('staff_suspended_at', { withTimezone: true }),
    /** What this staff member asked to be told of as it happens (contracts' STAFF_ALERTS), and in which language. */
    staffAlerts: text('staff_alerts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    staffAlertsLanguage: text('staff_alerts_language').notNull().default('en'),
    /** Bumped on password change; tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The mobile a code sent to proved, as phone.ts writes it (+2010…): it signs this account in, and no other. */
    verifiedPhone: text('verified_phone'),
    /** How the shop reaches this shopper about orders; null: the channel they signed in with, else e-mail. */
    contactChannel: text('contact_channel'),
    /** The channel of their last sign-in by code ('sms' | 'whatsapp'), or 'email' after a password sign-in. */
    signedInWith: text('signed_in_with'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** The language of the cart reminders the shopper agreed to (the one they agreed in); null: none, the default. */
    cartRemindersLanguage: text('cart_reminders_language'),
    /** When the shopper last changed their cart, by the app's clock; a cart left a day from then is reminded of. */
    cartChangedAt: timestamp('cart_changed_at', { withTimezone: true }),
    /** When their cart was last reminded of: once per cart, until it changes again (cart-reminders.ts). */
    cartRemindedAt: timestamp('cart_reminded_at', { withTimezone: true }),
    /** When the shopper last replied STOP on WhatsApp: no more marketing there, nor alerts asked before it. */
    whatsappStoppedAt: timestamp('whatsapp_stopped_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_verified_phone_key').on(t.verifiedPhone),
    // The reminders' pass reads only the shoppers who agreed, by how long their cart has been left.
    index('users_cart_reminder_idx')
      .on(t.cartChangedAt)
      .where(sql`${t.cartRemindersLanguage} is not null`),
    index('users_staff_role_idx').on(t.staffRole),
    check('users_role_is_staff', sql`${t.role} = (${t.staffRole} is not null)`),
  ],
);

/**
 * The roles staff members hold. The built-in ones are rows too (so a member's role is a foreign key), without
 * permissions: theirs are the code's (contracts' BUILT_IN_ROLES). A custom role keeps the permissions the owner chose.
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    key: text('key')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    name: text('name').notNull(),
    permissions: text('permissions').array(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_roles_name_key').on(sql`lower(${t.name})`)],
);

/**
 * An invitation to the staff: only its token's hash is kept; it lives INVITATION_TTL_MS and is used once, deleted as
 * it is accepted. An expired one is kept EXPIRED_INVITATION_KEPT_MS more, to be sent again (modules/staff).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role')
      .notNull()
      .references(() => staffRoles.key),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** How the link went: e-mail, or SMS or WhatsApp to the mobile; sending again goes the same way. */
    channel: text('channel').$type<'email' | PhoneCodeChannel>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_key').on(t.tokenHash),
    check('staff_invitations_one_address', sql`(${t.email} is null) <> (${t.phone} is null)`),
  ],
);

/**
 * Sign-in codes sent to a mobile: only their hash is kept. One lives CODE_TTL_MS and dies after MAX_TRIES wrong
 * guesses or its use; the newest also paces the phone's next code. Deleted as later codes are sent, once past both.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    channel: text('channel').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.createdAt)],
);

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Session tokens signed out before they expire: a token is a signed claim the server keeps nothing of, so signing out
 * on one device writes its hash here until its own expiry (plugins/auth.ts refuses it). Rows past `expires_at` name
 * tokens refused anyway and are deleted by the next sign-out.
 */
export const signedOutTokens = pgTable(
  'signed_out_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('signed_out_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * The sessions an account signed in, so its owner can see the devices and sign one out (modules/users/sessions.ts).
 * A token stays valid by itself; this row only names it (by `sessionHash`) and the browser it was issued to. Signing
 * out still writes the token to `signed_out_tokens` and deletes its row; a token version moved on ends the rest, and
 * rows of outdated or expired sessions are deleted when the account next signs in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    tokenVersion: integer('token_version').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const departments = pgTable(
  'departments',
  { id: id(), name: text('name').notNull(), nameAr: text('name_ar'), createdAt: createdAt(), updatedAt: updatedAt() },
  // 'Phones' and 'phones' are the same department to a shopper.
  (t) => [uniqueIndex('departments_name_key').on(sql`lower(${t.name})`)],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    nameAr: text('name_ar'),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    imagePath: text('image_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also serves "categories of a department" (leading column).
    uniqueIndex('categories_department_name_key').on(t.departmentId, sql`lower(${t.name})`),
    // Target of products' (category, department) key, which keeps a product's department its category's.
    unique('categories_id_department_key').on(t.id, t.departmentId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    nameAr: text('name_ar'),
    description: text('description').notNull(),
    descriptionAr: text('description_ar'),
    brand: text('brand').notNull(),
    /** Integer piastres; EGP on the wire. */
    price: integer('price').notNull(),
    /** The price it was before a sale, shown struck through; null when not on sale. Piastres, above `price`. */
    compareAtPrice: integer('compare_at_price'),
    /**
     * The sale's last day by Cairo's calendar; the day after, the sales pass (modules/products/sale-ends.ts) gives its
     * prices before the sale back to it and its variants. Null: the sale, if any, has no end.
     */
    saleEndsOn: date('sale_ends_on', { mode: 'string' }),
    stock: integer('stock').notNull(),
    /**
     * Whether it can be bought: what lists, filters and facets test. The list indexes hold this rather than `stock`,
     * so an order taking a unit (stock 12 to 11) changes no indexed column and PostgreSQL updates the row in place
     * (a HOT update) instead of adding it anew to every index, the two text-search indexes among them.
     */
    inStock: boolean('in_stock')
      .notNull()
      .generatedAlwaysAs(sql`stock > 0`),
    weight: real('weight').notNull(),
    cod: boolean('cod').notNull().default(true),
    /** The warranty it comes with, per language; null: none said. */
    warranty: text('warranty'),
    warrantyAr: text('warranty_ar'),
    /** How the ETA knows what it is, for its e-receipts: 'EGS' (a code the shop registered) or 'GS1' (its barcode). */
    etaItemType: text('eta_item_type'),
    etaItemCode: text('eta_item_code'),
    /** Must name a category of `departmentId`: see products_category_department_fk. */
    categoryId: uuid('category_id').notNull(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    imagePaths: text('image_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: real('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /**
     * What a shopper chooses between (Size, Colour…), at most three; empty for a product sold as one thing. While
     * it has options, `price` is its lowest variant's and `stock` its variants' sum, kept by a trigger
     * (db/sql/variant-totals.sql), so every list, search and filter reads the product row alone.
     */
    options: jsonb('options')
      .$type<ProductOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The option values its variants have, each a `["Size", "M"]` pair, and those of its variants in stock: what the
     * option filters and facets read of the variants, kept by a trigger of db/sql/variant-totals.sql.
     */
    optionValues: jsonb('option_values')
      .array()
      .notNull()
      .default(sql`'{}'::jsonb[]`),
    optionValuesInStock: jsonb('option_values_in_stock')
      .array()
      .notNull()
      .default(sql`'{}'::jsonb[]`),
    /** Both names folded for search (product_search_name in db/sql/search-text.sql): trigram-indexed for the list's name filter. */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`product_search_name(name, name_ar)`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        // Both languages' names as typed ('simple'); the English description stemmed, the Arabic one as typed.
        // normalize_arabic and product_search_name are SQL functions of db/sql/search-text.sql.
        sql`setweight(to_tsvector('simple', product_search_name(name, name_ar)), 'A') || setweight(to_tsvector('simple', normalize_arabic(brand)), 'B') || setweight(to_tsvector('english', normalize_arabic(description)), 'D') || setweight(to_tsvector('simple', normalize_arabic(coalesce(description_ar, ''))), 'D')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    const listFilters = [t.brand, t.price, t.rating, t.inStock, t.cod] as const;
    return [
      check('products_stock_nonnegative', sql`${t.stock} >= 0`),
      check('products_price_positive', sql`${t.price} > 0`),
      check('products_compare_at_above_price', sql`${t.compareAtPrice} is null or ${t.compareAtPrice} > ${t.price}`),
      // Moving a category to another department moves its products with it; a category in use cannot be deleted.
      foreignKey({
        name: 'products_category_department_fk',
        columns: [t.categoryId, t.departmentId],
        foreignColumns: [categories.id, categories.departmentId],
      })
        .onUpdate('cascade')
        .onDelete('restrict'),
      // A category's or department's list, its count and its filter panel's counts read only these indexes (no table
      // row until a product is shown): the filters' columns follow the list's order (newest first, then id), as keys
      // since drizzle has no INCLUDE, so a brand or price filter is checked in the index too.
      index('products_category_idx').on(t.categoryId, t.createdAt, t.id, ...listFilters),
      index('products_department_idx').on(t.departmentId, t.createdAt, t.id, ...listFilters),
      index('products_created_idx').on(t.createdAt, t.id),
      // The home's row of products on sale reads only those with a sale price (modules/home).
      index('products_on_sale_idx')
        .on(t.createdAt)
        .where(sql`${t.compareAtPrice} is not null`),
      // The sales with a last day, which the sales pass reads every minute (modules/products/sale-ends.ts): few.
      index('products_sale_ends_idx')
        .on(t.saleEndsOn)
        .where(sql`${t.saleEndsOn} is not null`),
      // The products sold in variants of a category or department: all its option facets read (most lists have none).
      index('products_category_options_idx')
        .on(t.categoryId)
        .where(sql`${t.optionValues} <> '{}'::jsonb[]`),
      index('products_department_options_idx')
        .on(t.departmentId)
        .where(sql`${t.optionValues} <> '{}'::jsonb[]`),
      // Search indexes are written through (no fastupdate pending list, which every search would scan until a vacuum):
      // the catalogue is read far more often than it changes.
      index('products_search_idx').using('gin', t.search).with({ fastupdate: false }),
      index('products_name_trgm_idx')
        .using('gin', sql`${t.searchName} gin_trgm_ops`)
        .with({ fastupdate: false }),
    ];
  },
);

/**
 * One combination of a product's option values, with its own SKU, price, stock and pictures. Order lines take
 * their units from here as their order commits (take_ordered_stock, db/sql/stock.sql).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    /** Option name → value, in English as the product's `options` name them. */
    options: jsonb('options').$type<VariantOptions>().notNull(),
    /** Integer piastres. */
    price: integer('price').notNull(),
    /** Integer piastres: its price before a sale, struck through beside `price`; null when it is not on sale. */
    compareAtPrice: integer('compare_at_price'),
    stock: integer('stock').notNull(),
    /** Its own pictures, among the product's; empty: the product's pictures. */
    imagePaths: text('image_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where it stands in the admin's grid. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(sql`lower(${t.sku})`),
    index('product_variants_product_idx').on(t.productId, t.position),
    // The variants on sale, for the home's row of products on sale (modules/home).
    index('product_variants_on_sale_idx')
      .on(t.productId)
      .where(sql`${t.compareAtPrice} is not null`),
    // Target of cart lines' (variant, product) key, which keeps a line's variant one of its product's.
    unique('product_variants_id_product_key').on(t.id, t.productId),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_variants_price_positive', sql`${t.price} > 0`),
    check(
      'product_variants_compare_at_above_price',
      sql`${t.compareAtPrice} is null or ${t.compareAtPrice} > ${t.price}`,
    ),
  ],
);

/**
 * Every word of product names and brands, kept by triggers of db/sql/search-typos.sql: typo-tolerant search finds the words
 * like a shopper's here (pg_trgm over a few thousand words) instead of comparing the text with every product's name.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx')
    .using('gin', sql`${t.word} gin_trgm_ops`)
    .with({ fastupdate: false }),
]);

/**
 * The merchant's synonyms (docs/guide/search-engines.md): each row a group of words a search takes for one another, `words`
 * as written in the dashboard, `folded` lower-cased and Arabic folded as typed words are (with_synonyms in
 * db/sql/search-synonyms.sql looks them up).
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    words: text('words').array().notNull(),
    folded: text('folded').array().notNull(),
  },
  (t) => [index('search_synonyms_folded_idx').using('gin', t.folded)],
);

/** Text compared byte by byte, so that a B-tree over it finds the words starting with a prefix in one range scan. */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * Every word of every product's search vector (names, brands and descriptions, as indexed), kept by triggers of
 * db/sql/search-prefixes.sql: a typed prefix becomes the few words it stands for, which the text-search index
 * finds many times faster than a prefix (any_prefix_tsquery, in the same file).
 */
export const searchLexemes = pgTable('search_lexemes', {
  lexeme: byteOrderedText('lexeme').primaryKey(),
  /**
   * Whether some product has had the word outside its name and brand only
   * (remember_lexemes in db/sql/search-prefixes.sql): until then search_postings holds every product with it. Never set
   * back, as a word is never removed.
   */
  unposted: boolean('unposted').notNull().default(true),
});

/**
 * A search engine's posting lists: one row for each word of a product's name or brand, with what a search ranks and
 * counts by, kept by the triggers of db/sql/search-postings.sql. Its index hands over a word's products
 * best first without visiting them, so a common word's first SEARCH_CANDIDATES cost a read of a few index pages
 * where the text-search index visits every product it yields (search_matches). Words of descriptions are not
 * here: a product's description outweighs no name (ts_rank's weights), and descriptions hold many more words.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    lexeme: byteOrderedText('lexeme').notNull(),
    /** The product's ts_rank for the word alone. */
    relevance: real('relevance').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    productId: uuid('product_id').notNull(),
    inStock: boolean('in_stock').notNull(),
    brand: text('brand').notNull(),
    price: integer('price').notNull(),
    rating: real('rating').notNull(),
    numReviews: integer('num_reviews').notNull(),
    cod: boolean('cod').notNull(),
    /** Whether it is sold in variants: only those products are visited, for their option values. */
    hasOptions: boolean('has_options').notNull(),
  },
  (t) => [
    // In the order a search ranks by, the counted columns as keys since drizzle has no INCLUDE: an index-only read.
    index('search_postings_ranked_idx').on(
      t.lexeme,
      t.relevance.desc(),
      t.createdAt.desc(),
      t.productId,
      t.inStock,
      t.brand,
      t.price,
      t.rating,
      t.numReviews,
      t.cod,
      t.hasOptions,
    ),
    index('search_postings_product_idx').on(t.productId),
  ],
);

/**
 * The whole catalogue's counts, all products and those in stock, kept by statement triggers of
 * db/sql/catalogue-counts.sql: the home page's and the dashboard's list read their page count here
 * rather than counting every product (150 ms at a million). One row, made by the first product written.
 */
export const catalogueCounts = pgTable(
  'catalogue_counts',
  {
    id: boolean('id').primaryKey().default(true),
    products: integer('products').notNull(),
    inStock: integer('in_stock').notNull(),
  },
  (t) => [check('catalogue_counts_one_row', sql`${t.id}`)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    /** The language it was last written in: the message telling its author of the shop's answer speaks it. */
    language: text('language').notNull().default('en'),
    /** Counts the author's writings: an answer is to the revision it names, and another one may no longer fit it. */
    revision: integer('revision').notNull().default(1),
    /** The shop's public answer, when it was last written and to which revision: all three or none. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedRevision: integer('replied_revision'),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'reviews_reply_whole',
      sql`(${t.reply} is null) = (${t.repliedAt} is null) and (${t.reply} is null) = (${t.repliedRevision} is null)`,
    ),
    // Newest first, the dashboard's reviews and a product's (its page's list, a page at a time), read without sorting
    // them all: nulls first, as ORDER BY … DESC puts them, or PostgreSQL sorts anyway.
    index('reviews_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_product_newest_idx').on(t.productId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant chosen, for a product with options; null for a product sold as one thing. */
    variantId: uuid('variant_id'),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One line per product and variant; a product without variants has one line (null variant).
    unique('cart_items_line_key').on(t.userId, t.productId, t.variantId).nullsNotDistinct(),
    foreignKey({
      name: 'cart_items_variant_fk',
      columns: [t.variantId, t.productId],
      foreignColumns: [productVariants.id, productVariants.productId],
    }).onDelete('cascade'),
    // Deleting a variant finds its lines by it.
    index('cart_items_variant_idx')
      .on(t.variantId)
      .where(sql`${t.variantId} is not null`),
    check('cart_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * "Notify me when it's back" (modules/back-in-stock): one per shopper, product and variant. Open while `notified_at`
 * is null; the alerts' pass sets it in the transaction that queues the message, so each request is told once.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The variant asked for, of a product with options; null for a product sold as one thing. */
    variantId: uuid('variant_id'),
    /** The language the shopper asked in, which the alert is written in. */
    language: text('language').notNull(),
    /** When the shopper last asked: an ask after a STOP on WhatsApp is asked anew (back-in-stock/alerts.ts). */
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    unique('back_in_stock_requests_key').on(t.userId, t.productId, t.variantId).nullsNotDistinct(),
    foreignKey({
      name: 'back_in_stock_requests_variant_fk',
      columns: [t.variantId, t.productId],
      foreignColumns: [productVariants.id, productVariants.productId],
    }).onDelete('cascade'),
    index('back_in_stock_requests_open_idx')
      .on(t.productId)
      .where(sql`${t.notifiedAt} is null`),
    index('back_in_stock_requests_variant_idx')
      .on(t.variantId)
      .where(sql`${t.variantId} is not null`),
  ],
);

/**
 * Products whose stock fell to LOW_STOCK_THRESHOLD, written by a trigger as it happens (db/sql/low-stock.sql), whoever
 * wrote the stock, and taken by the staff's low-stock pass (modules/staff/low-stock.ts), which tells the members who
 * asked: a durable list, so an alert survives a restart and goes out once.
 */
export const lowStockCrossings = pgTable('low_stock_crossings', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The mornings whose daily summary was queued (modules/staff/daily-summary.ts), one row per Cairo day: the instance
 * that writes a day's row queues its summaries in the same transaction, so each morning's goes out once, however
 * many instances run or restart.
 */
export const dailySummaries = pgTable('daily_summaries', {
  day: date('day', { mode: 'string' }).primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    building: text('building').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    phone: text('phone').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    /** What an Egyptian courier asks for beside the street: optional, empty when not given. */
    apartment: text('apartment').notNull().default(''),
    floor: text('floor').notNull().default(''),
    landmark: text('landmark').notNull().default(''),
    /** What the shopper tells the courier (when to call, who receives it): optional, empty when not given. */
    instructions: text('instructions').notNull().default(''),
    /** The address the checkout offers first; at most one per user. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Null once the shopper deleted their account: the order stays, anonymised. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsTotal: integer('items_total').notNull(),
    shipping: integer('shipping').notNull(),
    codFee: integer('cod_fee').notNull(),
    bill: integer('bill').notNull(),
    deliveryAddress: jsonb('delivery_address').$type<AddressInput>().notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** The language the order was placed in: its e-mails and invoice speak it. */
    language: text('language').notNull().default('en'),
    /** What the parcel weighs in kg, for the courier and the shipping fee. */
    weight: real('weight').notNull().default(0),
    trackingNumber: text('tracking_number'),
    /** The courier that carries it (its deliveries are followed by callback); null when the admin typed the number. */
    courier: text('courier'),
    /** The coupon the shopper entered, as the shop spells it; the bill is items - discount + shipping + COD fee. */
    couponCode: text('coupon_code'),
    /** Piastres off the items. */
    discount: integer('discount').notNull().default(0),
    /** Piastres given back (the whole bill or part of it), when and how; 0 and null before any refund. */
    refunded: integer('refunded').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** 'card', 'wallet' or 'kiosk' back through the provider; for a cash order the admin's word (cash, InstaPay…). */
    refundedBy: text('refunded_by'),
    /** Where it came from (contracts' ORDER_SOURCES): 'web' for the checkout, else how the customer reached the staff. */
    source: text('source').notNull().default('web'),
    /**
     * Piastres of a cash order's delivery fees paid online before it goes on (orders/cash-rules.ts), 0 without one;
     * its state (contracts' DEPOSIT_STATES) is null without one. The rest of the bill is collected at the door.
     * `refunding` is a cancelled order's deposit not yet given back (orders/deposit.ts), `refund_failed` one the
     * provider refused, for an admin to give back by hand.
     */
    deposit: integer('deposit').notNull().default(0),
    depositState: text('deposit_state'),
    /**
     * The buyer's national ID (14 digits), only where the order's e-receipt needs it (contracts' nationalId.ts):
     * it goes on the receipt; pages show its last four digits; it is never logged.
     */
    buyerNationalId: text('buyer_national_id'),
    /**
     * The shop let parcels be opened before they are accepted when the order was placed: the shopper was told so,
     * and the courier is asked for it however the setting changed since.
     */
    openBeforeAccepting: boolean('open_before_accepting').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // Courier callbacks name the parcel by its tracking number.
    index('orders_tracking_idx').on(t.trackingNumber),
    // The dashboard's orders by governorate, newest first.
    index('orders_state_idx').on(sql`(${t.deliveryAddress}->>'state')`, t.createdAt),
    // A delivery phone's record (modules/phone-records) reads every order sent to that number, and so does the
    // count of its open cash orders (orders/cash-rules.ts).
    index('orders_delivery_phone_idx').on(sql`(${t.deliveryAddress}->>'phone')`),
    // The deposits still to give back, which the pass of orders/deposit.ts looks for every few minutes: a handful.
    index('orders_deposit_refunding_idx')
      .on(t.updatedAt)
      .where(sql`${t.depositState} = 'refunding'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    nameAr: text('name_ar'),
    price: integer('price').notNull(),
    imagePaths: text('image_paths').array().notNull(),
    quantity: integer('quantity').notNull(),
    /** Piastres of the order's coupon discount taken off this line (0 where the coupon does not cover it). */
    discount: integer('discount').notNull().default(0),
    /** The variant that was ordered; null once deleted, and for products sold as one thing. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** Its SKU and option values in both languages as they were ordered; null without a variant. */
    variant: jsonb('variant').$type<OrderLineVariant>(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    // Deleting a variant finds its lines by it.
    index('order_items_variant_idx')
      .on(t.variantId)
      .where(sql`${t.variantId} is not null`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made the move (contracts' ORDER_ACTORS); null on moves from before it was recorded. */
    actor: text('actor'),
    /** The shopper's or admin's words for a cancellation, a return or how a refund was paid back. */
    reason: text('reason'),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/**
 * Staff notes on an order, for the team only (never in a shopper's answer). The author's name and role are kept as
 * they were when it was written, as the audit log keeps them, so a note still says who wrote it after a change of
 * role or once the account is gone.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    /** The role's name then: a built-in role's key, a custom role's name. */
    authorRole: text('author_role'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The checkout requests that carried an Idempotency-Key, each with the order it placed: the same key sent again by the
 * same shopper within a day answers that order instead of placing another (modules/orders/requests.ts).
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The request's body, hashed: the same key with another body is refused rather than answered. */
    bodyHash: text('body_hash').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // Orders are never deleted, so the order's key needs no index of its own for the cascade.
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Payment intents of the built-in test provider (the Stripe provider keeps them at Stripe). */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    /** The decline message of the last failed attempt, as Stripe's last_payment_error.message. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  // One intent per order, like Stripe with an idempotency key: asking twice never makes a second charge possible.
  (t) => [
    uniqueIndex('test_payment_intents_order_key').on(t.orderId),
    uniqueIndex('test_payment_intents_secret_key').on(t.clientSecret),
  ],
);

/**
 * Each payment started for an order, at whichever provider: how callbacks find their order (by the
 * provider's own id for it), what a shopper coming back resumes, and what a refund needs.
 */
export const payments = pgTable(
  'payments',
  {
    /** The provider's id for this payment: a Stripe PaymentIntent id, a Paymob intention's order id. */
    providerRef: text('provider_ref').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** card, wallet or kiosk. */
    method: text('method').notNull(),
    /** The number a wallet payment is charged on: another number is another payment. */
    walletPhone: text('wallet_phone'),
    /** What the browser needs to continue this payment at the provider. */
    clientSecret: text('client_secret').notNull(),
    checkoutUrl: text('checkout_url'),
    /** started, pending, failed, paid, refunded or voided: the last verified callback's word. */
    state: text('state').notNull(),
    /** The provider's transaction that paid, which a refund names. */
    transactionId: text('transaction_id'),
    /** What the shopper pays with at a kiosk (Aman, Masary) while the payment is pending. */
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Until when the reference can be paid (a Fawry reference's paymentExpiry); null when the provider says nothing. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Piastres asked of the provider; null on payments started before it was recorded. */
    amount: integer('amount'),
    /**
     * Why the shop gives this payment back of its own accord (payments/give-back.ts), marked with the payment:
     * 'duplicate' or 'paid_after_cancel' while it is owed, 'refund_failed' once the provider refused; null otherwise.
     */
    giveBack: text('give_back'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    // The payments a status poll asks about (payments/poll.ts): few among many settled ones.
    index('payments_unsettled_idx')
      .on(t.provider, t.createdAt)
      .where(sql`${t.state} in ('started', 'pending')`),
    // The payments still owed back, which the recovery pass looks for every few minutes: a handful.
    index('payments_give_back_idx')
      .on(t.paidAt)
      .where(sql`${t.giveBack} in ('duplicate', 'paid_after_cancel') and ${t.state} = 'paid'`),
  ],
);

/** Webhook events already applied: the second delivery of an event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** A refund request's piastres (payments/refund-request.ts); null on every other row. */
  amount: integer('amount'),
});

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    action: text('action').notNull(),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    /** An account made by phone (no e-mail): its phone when the entry was written (db/sql/audit-log.sql). */
    userPhone: text('user_phone'),
    message: text('message').notNull(),
    data: jsonb('data'),
    ip: text('ip'),
    /** A staff member's name and role when they wrote it (db/sql/staff.sql fills them in). */
    userName: text('user_name'),
    userRole: text('user_role'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_type_idx').on(t.type, t.createdAt),
    index('audit_logs_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Uploaded images when UPLOAD_STORE=db (shared by every instance); the fs store keeps files in DATA_DIR. */
export const images = pgTable('images', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * Secrets the shop generates for itself and every instance must share, such as the session-signing key
 * when JWT_SECRET is not configured (lib/jwt-secret.ts). Written once, never changed by the shop.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Delivery prices per governorate, in piastres; a governorate without a row costs shippingSettings' defaults. */
export const shippingRates = pgTable('shipping_rates', {
  governorate: text('governorate').primaryKey(),
  base: integer('base').notNull(),
  perKg: integer('per_kg').notNull(),
  /** Days from the order to the door; null (rows saved before they were asked): the governorate's default. */
  minDays: integer('min_days'),
  maxDays: integer('max_days'),
});

/** The delivery rules of every order (one row; none until an admin first saves rates: the defaults apply). */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: integer('id').primaryKey().default(1),
    codFee: integer('cod_fee').notNull(),
    cardShipsFree: boolean('card_ships_free').notNull(),
    freeOver: integer('free_over'),
    /** Shoppers may open a parcel and check it before accepting it (Bosta's allowToOpenPackage). */
    openBeforeAccepting: boolean('open_before_accepting').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shipping_settings_one_row', sql`${t.id} = 1`)],
);

/** Who the seller is (contracts' shopDetailsSchema; one row, none until the owner first saves: the defaults apply). */
export const shopDetails = pgTable(
  'shop_details',
  {
    id: integer('id').primaryKey().default(1),
    phone: text('phone').notNull(),
    whatsapp: text('whatsapp').notNull(),
    address: text('address').notNull(),
    addressAr: text('address_ar').notNull(),
    commercialRegister: text('commercial_register').notNull(),
    taxNumber: text('tax_number').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_details_one_row', sql`${t.id} = 1`)],
);

/** The shop's pages (delivery, returns, privacy, terms) in both languages; a page without a row shows its default. */
export const shopPages = pgTable('shop_pages', {
  page: text('page').primaryKey(),
  title: text('title').notNull(),
  titleAr: text('title_ar').notNull(),
  body: text('body').notNull(),
  bodyAr: text('body_ar').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The home page's banners (contracts' bannerInputSchema): a picture per language and width, alt texts, a link, the
 * days they run by Cairo's calendar (null: open), their order. The home shows the first four live (modules/home).
 */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    position: integer('position').notNull(),
    image: text('image').notNull(),
    imageAr: text('image_ar').notNull(),
    /** The phone's pictures; null: phones take the wide one. */
    imageNarrow: text('image_narrow'),
    imageNarrowAr: text('image_narrow_ar'),
    alt: text('alt').notNull(),
    altAr: text('alt_ar').notNull(),
    /** A page of the shop, or '' for none. */
    link: text('link').notNull().default(''),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** Shown only while some product in stock has a sale price. */
    onlyDuringSale: boolean('only_during_sale').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('banners_position_idx').on(t.position),
    check('banners_days_in_order', sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** The shop's cash rules (contracts' codSettingsSchema; one row, none until an admin first saves: the defaults apply). */
export const codSettings = pgTable(
  'cod_settings',
  {
    id: integer('id').primaryKey().default(1),
    confirmationEnabled: boolean('confirmation_enabled').notNull(),
    confirmationWindowHours: integer('confirmation_window_hours').notNull(),
    /** 'queue' or 'cancel': what an order unanswered at the window's end does. */
    confirmationOnTimeout: text('confirmation_on_timeout').notNull(),
    /** Piastres; null: no limit. */
    maxCashBill: integer('max_cash_bill'),
    maxOpenCashOrders: integer('max_open_cash_orders').notNull(),
    refusalsBeforeOnlineOnly: integer('refusals_before_online_only').notNull(),
    refusalAction: text('refusal_action').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('cod_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The confirmation of a cash order awaiting it (modules/confirmations): when the shopper's window ends (a reminder
 * at its half), the agents' calls that found nobody, and which agent holds it until when. The order's status says
 * whether it is still awaited; this row stays as its story.
 */
export const orderConfirmations = pgTable(
  'order_confirmations',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the window ended unanswered, as the timeout job saw it. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  // The timeout job's due rows: windows not yet seen to end.
  (t) => [
    index('order_confirmations_due_idx')
      .on(t.endsAt)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * The merchant's terms for each instalment plan PAYMOB_INSTALMENT_INTEGRATIONS names (no row: the defaults): the
 * smallest bill it is offered for (piastres), the plan lengths in months, and the interest over the whole plan in
 * basis points (0: none).
 */
export const instalmentPlans = pgTable('instalment_plans', {
  name: text('name').primaryKey(),
  minBill: integer('min_bill').notNull().default(0),
  months: integer('months')
    .array()
    .notNull()
    .default(sql`'{6,12}'`),
  interestBp: integer('interest_bp').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages to shoppers on every channel (e-mail, SMS, WhatsApp), written in the transaction of the change they tell
 * about, so none is lost or sent for a change that rolled back. Any instance sends them (SKIP LOCKED), retrying with
 * backoff; then the provider's reports move `status` on (modules/messaging/status.ts).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the message tells, e.g. an order status ('shipped') or 'sign_in_code'; the sender renders it. */
    kind: text('kind').notNull(),
    channel: text('channel').notNull().default('email'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** An e-mail address, or a mobile as phone.ts writes it. */
    to: text('to').notNull(),
    language: text('language').notNull(),
    /** What the message needs besides its order (a sign-in code); emptied once sent or given up. */
    payload: jsonb('payload').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** queued, sent, delivered, read or failed (with the provider's reason in last_error). */
    status: text('status').notNull().default('queued'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** The provider that took it and its id there, by which its delivery reports find it. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    // The unsent messages in the order the sender takes them (queue.ts claimDue): the next ones are the index's first.
    index('messages_claim_idx')
      .on(t.attempts, t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null`),
    uniqueIndex('messages_provider_message_key').on(t.provider, t.providerMessageId),
    // An order's messages, for its page in the dashboard.
    index('messages_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** Courier callbacks already applied: a repeated delivery of one changes nothing. */
export const courierEvents = pgTable('courier_events', {
  id: text('id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Discount codes. `value` is whole percent for kind 'percent' and piastres for 'fixed'. `uses` counts the
 * orders holding the coupon (coupon_uses); its check against `max_uses` is what keeps two shoppers from
 * both taking the last use.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    /** Piastres of items the order must reach. */
    minOrder: integer('min_order'),
    /** Piastres a percentage coupon takes off at most; null: no cap. */
    maxDiscount: integer('max_discount'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    perUserLimit: integer('per_user_limit'),
    freeShipping: boolean('free_shipping').notNull().default(false),
    /** When any of these is set, the discount applies to the order's lines in them only. */
    departmentIds: uuid('department_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    paused: boolean('paused').notNull().default(false),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Codes are typed in any case: SUMMER10 and summer10 are one coupon.
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    check('coupons_kind', sql`${t.kind} in ('percent', 'fixed')`),
    // Zero off is a coupon for free shipping alone.
    check('coupons_value_range', sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('coupons_uses_within_max', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/** Which order used which coupon, for whom and for how much: the per-shopper limit counts these. */
export const couponUses = pgTable(
  'coupon_uses',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Piastres. */
    discount: integer('discount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_uses_coupon_user_idx').on(t.couponId, t.userId)],
);

/**
 * A CSV import of products. The upload is checked at once (the dry run: `report`) and kept here; applying
 * it queues a job that any instance may take (`lease_until`), applies a batch of rows per transaction and
 * records how far it got (`done_rows`), so a restart resumes it where it stopped and never applies a row twice.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: id(),
    /** checked, queued, running, done or failed. */
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    csv: bytea('csv').notNull(),
    /** Departments and categories named in the file but missing are created (else their rows are rejected). */
    createMissing: boolean('create_missing').notNull().default(false),
    /** The dry run's counts and every rejected row with its line and reason. */
    report: jsonb('report').notNull(),
    /**
     * What applying has done so far (counts), written with each batch; apart from `report`, whose list of
     * rejected rows may be large, so that a batch never rewrites it.
     */
    result: jsonb('result'),
    totalRows: integer('total_rows').notNull(),
    doneRows: integer('done_rows').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('product_imports_status', sql`${t.status} in ('checked', 'queued', 'running', 'done', 'failed')`),
    index('product_imports_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The seller as the Egyptian Tax Authority knows it, printed on every e-receipt (one row; none until an admin saves
 * it: no receipt is made). The POS's credentials are settings of the process (ETA_* variables), not of the shop.
 */
export const etaSettings = pgTable(
  'eta_settings',
  {
    id: integer('id').primaryKey().default(1),
    rin: text('rin').notNull(),
    companyTradeName: text('company_trade_name').notNull(),
    branchCode: text('branch_code').notNull(),
    branchAddress: jsonb('branch_address').$type<EtaBranchAddress>().notNull(),
    activityCode: text('activity_code').notNull(),
    /** The EGS code the shop registered for delivery, the receipt's line for shipping and the cash-on-delivery fee. */
    deliveryItemCode: text('delivery_item_code').notNull(),
    /** The receipts' order delivery mode (a code of the ETA's table); null: not stated. */
    deliveryMode: text('delivery_mode'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('eta_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * One point of sale's chain: each receipt it issues names the UUID of the one before (`previousUUID`), so receipts
 * are numbered and chained under this row's lock, in the transaction that issues them. `lease_until` makes one
 * instance at a time its sender, which submits the chain in order.
 */
export const etaPos = pgTable('eta_pos', {
  serial: text('serial').primaryKey(),
  /** The POS this shop's ETA_* settings name, set as a server starts: the one receipts are issued from. */
  active: boolean('active').notNull().default(false),
  /** The ETA portal its receipts' QR codes open (pre-production's or production's). */
  portalUrl: text('portal_url').notNull(),
  lastUuid: text('last_uuid').notNull().default(''),
  lastSeq: integer('last_seq').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/**
 * Every e-receipt issued, in its POS's chain order (`seq`), with the document exactly as submitted (its UUID is the
 * hash of that text). A sale's receipt when the order becomes a sale, a return receipt (referencing the sale's) when
 * its money goes back; an invalid one fixed and sent again is issued anew, and the old row is kept as `replaced`.
 */
export const etaReceipts = pgTable(
  'eta_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** sale or return. */
    kind: text('kind').notNull(),
    posSerial: text('pos_serial').notNull(),
    seq: integer('seq').notNull(),
    receiptNumber: text('receipt_number').notNull(),
    uuid: text('uuid').notNull(),
    previousUuid: text('previous_uuid').notNull(),
    /** The sale receipt a return receipt gives back. */
    referenceUuid: text('reference_uuid'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Piastres, as the receipt's totalAmount. */
    total: integer('total').notNull(),
    /** The receipt's JSON as submitted. */
    document: text('document').notNull(),
    /** What its QR code holds: its page on the ETA's portal. */
    qrContent: text('qr_content').notNull(),
    /** queued, submitted, valid, invalid or replaced. */
    state: text('state').notNull().default('queued'),
    /** The ETA's reasons for an invalid receipt. */
    errors: jsonb('errors').$type<string[]>(),
    submissionId: text('submission_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('eta_receipts_chain_key').on(t.posSerial, t.seq),
    uniqueIndex('eta_receipts_uuid_key').on(t.uuid),
    // An order has one live sale (or kept deposit) receipt: a replaced one makes way for its correction. Returns are
    // as many as the parts of its money given back (receipts/issue.ts).
    uniqueIndex('eta_receipts_order_sale_key')
      .on(t.orderId, t.kind)
      .where(sql`${t.state} <> 'replaced' and ${t.kind} <> 'return'`),
    // An order's receipts, of every kind, read with the order.
    index('eta_receipts_order_idx').on(t.orderId),
    index('eta_receipts_state_idx').on(t.state, t.id),
    check('eta_receipts_kind', sql`${t.kind} in ('sale', 'return', 'deposit')`),
    check('eta_receipts_state', sql`${t.state} in ('queued', 'submitted', 'valid', 'invalid', 'replaced')`),
  ],
);
