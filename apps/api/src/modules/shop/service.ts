import { eq, sql } from 'drizzle-orm';
import {
  egyptianMobile,
  SHOP_PAGES,
  type ShopDetails,
  type ShopPage,
  type ShopPageName,
  type ShopSettings,
} from '@shop/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { shopDetails, shopPages } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { DEFAULT_SHOP_DETAILS, DEFAULT_SHOP_PAGES } from './defaults.js';
import { transaction } from '../../db/transaction.js';

/** The shop's details as the footer shows them; the defaults until the owner first saves. */
export async function loadShopDetails(db: DbOrTx): Promise<ShopDetails> {
  const [row] = await db
    .select({
      phone: shopDetails.phone,
      whatsapp: shopDetails.whatsapp,
      address: shopDetails.address,
      addressAr: shopDetails.addressAr,
      commercialRegister: shopDetails.commercialRegister,
      taxNumber: shopDetails.taxNumber,
    })
    .from(shopDetails);
  return row ?? DEFAULT_SHOP_DETAILS;
}

const pageColumns = {
  page: shopPages.page,
  title: shopPages.title,
  titleAr: shopPages.titleAr,
  body: shopPages.body,
  bodyAr: shopPages.bodyAr,
};

/** One of the shop's pages in both languages: the owner's text, or its default. */
export async function loadShopPage(db: DbOrTx, page: ShopPageName): Promise<ShopPage> {
  const [row] = await db.select(pageColumns).from(shopPages).where(eq(shopPages.page, page));
  return row ? { ...row, page } : DEFAULT_SHOP_PAGES[page];
}

/** The details and the four pages, as the dashboard edits them. */
export async function loadShopSettings(db: DbOrTx): Promise<ShopSettings> {
  const [details, rows] = await Promise.all([loadShopDetails(db), db.select(pageColumns).from(shopPages)]);
  const saved = new Map(rows.map((row) => [row.page, row]));
  return { details, pages: SHOP_PAGES.map((page) => ({ ...(saved.get(page) ?? DEFAULT_SHOP_PAGES[page]), page })) };
}

/**
 * Replaces the details and the four pages at once, in one transaction, with the audit row (before and after).
 * The tables' triggers announce the change, so every cached page (each has the footer) goes.
 */
export async function saveShopSettings(db: Db, input: ShopSettings, actor: Actor): Promise<ShopSettings> {
  return transaction(db, async (tx) => {
    const before = await loadShopSettings(tx);
    const details = {
      ...input.details,
      // Stored as +201…, the form wa.me links are made from; none stays empty.
      whatsapp: egyptianMobile(input.details.whatsapp) ?? '',
      updatedAt: sql`now()`,
    };
    await tx
      .insert(shopDetails)
      .values({ id: 1, ...details })
      .onConflictDoUpdate({ target: shopDetails.id, set: details });
    await tx
      .insert(shopPages)
      .values(input.pages.map((page) => ({ ...page, updatedAt: sql`now()` })))
      .onConflictDoUpdate({
        target: shopPages.page,
        set: {
          title: sql`excluded.title`,
          titleAr: sql`excluded.title_ar`,
          body: sql`excluded.body`,
          bodyAr: sql`excluded.body_ar`,
          updatedAt: sql`now()`,
        },
      });
    const after = await loadShopSettings(tx);
    await auditAdmin(tx, actor, 'shop_settings_update', "updated the shop's details and pages", { before, after });
    return after;
  });
}
