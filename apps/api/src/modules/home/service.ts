import { asc, count, eq, max, sql } from 'drizzle-orm';
import {
  BANNERS_SHOWN,
  MAX_BANNERS,
  say,
  type Banner,
  type BannerInput,
  type BannerState,
  type HomeBanner,
  type HomeData,
} from '@shop/contracts';
import type { DbOrTx } from '../../db/client.js';
import { banners } from '../../db/schema.js';
import { auditAdmin, type Actor } from '../../lib/admin-audit.js';
import { cairoDay } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { imageUrl, toWebp } from '../../lib/images.js';
import { invalid, isId } from '../../lib/validation.js';
import { unitsSold } from '../products/best-sellers.js';
import { productsJson, toProductDto, type ProductRow } from '../products/service.js';
import type { Deps } from '../deps.js';
import { transaction } from '../../db/transaction.js';

/** How many products each of the home's rows shows. */
export const HOME_ROW_SIZE = 8;

type BannerRow = typeof banners.$inferSelect;

/**
 * The products a shopper can buy on sale: in stock, with a sale price on the product or on a variant in stock
 * (a product's own sale price is its lowest variant's, so a sale on a dearer size shows only here).
 */
const onSaleIds = sql`select p.id from products p where p.in_stock and p.id in (
    select id from products where compare_at_price is not null
    union select product_id from product_variants where compare_at_price is not null and stock > 0)`;

/**
 * Where a banner stands on `today` (Cairo's calendar; both days included): turned off, before its first day, after
 * its last, tied to a sale while nothing is on sale, or live.
 */
export function bannerState(banner: BannerRow, today: string, saleOn: boolean): BannerState {
  if (!banner.enabled) return 'off';
  if (banner.startsOn && banner.startsOn > today) return 'scheduled';
  if (banner.endsOn && banner.endsOn < today) return 'ended';
  if (banner.onlyDuringSale && !saleOn) return 'waitingForSale';
  return 'live';
}

const toHomeBanner = (b: BannerRow): HomeBanner => ({
  _id: b.id,
  image: b.image,
  imageAr: b.imageAr,
  imageNarrow: b.imageNarrow,
  imageNarrowAr: b.imageNarrowAr,
  alt: b.alt,
  altAr: b.altAr,
  link: b.link,
});

const allBanners = (db: DbOrTx) => db.select().from(banners).orderBy(asc(banners.position), asc(banners.createdAt));

/** Every banner in order, each with its state today and whether the home shows it (the first BANNERS_SHOWN live). */
function withStates(rows: BannerRow[], today: string, saleOn: boolean): Banner[] {
  let live = 0;
  return rows.map((row) => {
    const state = bannerState(row, today, saleOn);
    const shown = state === 'live' && live++ < BANNERS_SHOWN;
    return {
      ...toHomeBanner(row),
      position: row.position,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      onlyDuringSale: row.onlyDuringSale,
      enabled: row.enabled,
      state,
      shown,
    };
  });
}

const bannerValues = (input: BannerInput) => ({
  image: input.image,
  imageAr: input.imageAr,
  imageNarrow: input.imageNarrow ?? null,
  imageNarrowAr: input.imageNarrowAr ?? null,
  alt: input.alt,
  altAr: input.altAr,
  link: input.link ?? '',
  startsOn: input.startsOn ?? null,
  endsOn: input.endsOn ?? null,
  onlyDuringSale: input.onlyDuringSale ?? false,
  enabled: input.enabled ?? true,
});

export function homeService(deps: Pick<Deps, 'db' | 'images' | 'clock'>) {
  const { db } = deps;
  const today = () => cairoDay(deps.clock.now());

  async function saleOn(tx: DbOrTx): Promise<boolean> {
    const { rows } = await tx.execute<{ on: boolean }>(sql`select exists(${onSaleIds}) as "on"`);
    return Boolean(rows[0]?.on);
  }

  /**
   * The home page's banners and rows, in both languages (one cached answer serves either page): the banners live
   * today, the products on sale (the deepest cuts first) and the best sellers of the last 30 days.
   */
  async function home(): Promise<HomeData> {
    const now = deps.clock.now();
    const [rows, products] = await Promise.all([
      allBanners(db),
      db.execute<{ onSale: ProductRow[]; bestSellers: ProductRow[] }>(sql`select
        ${productsJson(sql`array(${onSaleIds}
          order by (p.compare_at_price - p.price)::real / p.compare_at_price desc nulls last, p.created_at desc, p.id
          limit ${HOME_ROW_SIZE})`)} as "onSale",
        ${productsJson(sql`array(select p.id from ${unitsSold(now)} as sold join products p on p.id = sold.product_id
          where p.in_stock order by sold.units desc, p.num_reviews desc, p.id limit ${HOME_ROW_SIZE})`)} as "bestSellers"`),
    ]);
    const row = products.rows[0];
    const onSale = (row?.onSale ?? []).map(toProductDto);
    const live = withStates(rows, cairoDay(now), onSale.length > 0).filter((banner) => banner.shown);
    return {
      banners: live.map(({ _id, image, imageAr, imageNarrow, imageNarrowAr, alt, altAr, link }) => ({
        _id,
        image,
        imageAr,
        imageNarrow,
        imageNarrowAr,
        alt,
        altAr,
        link,
      })),
      onSale,
      bestSellers: (row?.bestSellers ?? []).map(toProductDto),
    };
  }

  async function list(tx: DbOrTx = db): Promise<Banner[]> {
    const rows = await allBanners(tx);
    return withStates(rows, today(), await saleOn(tx));
  }

  async function one(tx: DbOrTx, id: string): Promise<Banner> {
    const banner = (await list(tx)).find((b) => b._id === id);
    if (!banner) throw notFound('Banner');
    return banner;
  }

  async function create(input: BannerInput, actor: Actor): Promise<Banner> {
    return transaction(db, async (tx) => {
      const [totals] = await tx.select({ n: count(), last: max(banners.position) }).from(banners);
      if ((totals?.n ?? 0) >= MAX_BANNERS) throw conflict(say.api.tooManyBanners(MAX_BANNERS));
      const values = bannerValues(input);
      const [row] = await tx
        .insert(banners)
        .values({ ...values, position: (totals?.last ?? 0) + 1 })
        .returning({ id: banners.id });
      if (!row) throw notFound('Banner');
      await auditAdmin(tx, actor, 'banner_create', `added banner ${values.alt}`, {
        id: row.id,
        name: values.alt,
        ...values,
      });
      return one(tx, row.id);
    });
  }

  async function update(id: string, input: BannerInput, actor: Actor): Promise<Banner> {
    if (!isId(id)) throw notFound('Banner');
    return transaction(db, async (tx) => {
      const values = bannerValues(input);
      const [row] = await tx
        .update(banners)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(banners.id, id))
        .returning({ id: banners.id });
      if (!row) throw notFound('Banner');
      await auditAdmin(tx, actor, 'banner_update', `changed banner ${values.alt}`, { id, name: values.alt, ...values });
      return one(tx, id);
    });
  }

  async function remove(id: string, actor: Actor): Promise<{ message: string }> {
    if (!isId(id)) throw notFound('Banner');
    return transaction(db, async (tx) => {
      const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id, alt: banners.alt });
      if (!row) throw notFound('Banner');
      await auditAdmin(tx, actor, 'banner_delete', `deleted banner ${row.alt}`, { id, name: row.alt });
      return { message: say.api.bannerDeleted };
    });
  }

  /** Puts the banners in the order of `ids`, which must name every banner once. */
  async function reorder(ids: string[], actor: Actor): Promise<Banner[]> {
    return transaction(db, async (tx) => {
      // Locked, so a banner added meanwhile waits and takes the place after the last.
      const current = await tx.select({ id: banners.id }).from(banners).for('update');
      const known = new Set(current.map((b) => b.id));
      if (ids.length !== known.size || !ids.every((id) => known.has(id)))
        throw badRequest(say.api.bannerOrderIncomplete);
      if (ids.length)
        await tx.execute(sql`update banners set position = chosen.place, updated_at = now()
          from unnest(array[${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}]) with ordinality as chosen(id, place)
          where banners.id = chosen.id`);
      await auditAdmin(tx, actor, 'banner_order', 'reordered the banners', { ids });
      return list(tx);
    });
  }

  /** Stores an uploaded picture (re-encoded to webp, as the catalogue's are) and says where it is. */
  async function storePicture(files: Buffer[]): Promise<{ path: string }> {
    const [file] = files;
    if (!file) throw invalid({ img: say.msg.requiredField });
    const image = await toWebp(file);
    await deps.images.put(image);
    return { path: imageUrl(image.name) };
  }

  return { home, list, create, update, remove, reorder, storePicture };
}
