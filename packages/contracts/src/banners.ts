import { z } from 'zod';
import { productSchema, type Product } from './catalog.js';
import { idSchema, requiredText } from './fields.js';
import { isAppPath } from './paths.js';
import { say } from './said.js';

/*
 * The home page's banners, written by the merchant in the dashboard (docs/guide/home-page.md): a picture per
 * language and per width, their alt texts, a link into the shop, the days they run and their order. The home shows
 * those live today by Cairo's calendar, in order, at most BANNERS_SHOWN (constants.ts: the spec's carousel of four).
 * Nothing the storefront's first load reads is here: this file builds zod schemas as it loads.
 */

/** A shop keeps at most this many banners, live or not. */
export const MAX_BANNERS = 50;

/**
 * Where a banner's picture is: one the dashboard uploaded (`/uploads/<hash>.webp`), or one of the web app's own
 * files under `/banners/` (the demo's drawn banners). Nothing else, so a banner never points off the shop.
 */
export const BANNER_PICTURE = /^\/(uploads\/[a-f0-9]{32}\.webp|banners\/[a-z0-9][a-z0-9.-]*\.(svg|png|jpg|webp))$/;
const picture = z
  .string({ error: say.rule.bannerPicture })
  .refine((path) => BANNER_PICTURE.test(path) && !path.includes('..'), { message: say.rule.bannerPicture });
const narrowPicture = picture.nullable().default(null);

/** A calendar day, 'YYYY-MM-DD', in Cairo's calendar; null leaves that end open. */
const day = z.iso.date({ error: say.rule.invalidDate }).nullable().default(null);

/** A page of the shop ('/product/category/<id>', '/searchResults/phones'), or empty for a banner that is no link. */
export const bannerLinkField = z
  .string()
  .trim()
  .max(300, say.rule.atMostCharacters(300))
  .refine((link) => link === '' || (link.startsWith('/') && isAppPath(link.split(/[?#]/)[0] ?? '')), {
    message: say.rule.bannerLink,
  });

/** A banner as the dashboard writes it (create and edit). */
export const bannerInputSchema = z
  .object({
    image: picture,
    imageAr: picture,
    /** The phone's pictures; without one, phones get the wide picture of that language. */
    imageNarrow: narrowPicture,
    imageNarrowAr: narrowPicture,
    alt: requiredText(say.msg.requiredField, 200),
    altAr: requiredText(say.msg.requiredField, 200),
    link: bannerLinkField.default(''),
    /** The first and last days it runs, both included, by Cairo's calendar. */
    startsOn: day,
    endsOn: day,
    /** Shown only while some product in stock has a sale price: a banner that promises a discount. */
    onlyDuringSale: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .refine((banner) => !banner.startsOn || !banner.endsOn || banner.endsOn >= banner.startsOn, {
    path: ['endsOn'],
    message: say.rule.endsBeforeStarts,
  });
export type BannerInput = z.input<typeof bannerInputSchema>;
export type BannerFields = z.output<typeof bannerInputSchema>;

/** The new order of the banners: every banner's id once, first shown first. */
export const bannerOrderSchema = z.object({
  ids: z
    .array(idSchema)
    .max(MAX_BANNERS)
    .refine((ids) => new Set(ids).size === ids.length, { message: say.rule.eachBannerOnce }),
});

export const bannerParamsSchema = z.object({ id: z.string().max(100) });

/** Where an uploaded picture is kept, for the banner form to send back. */
export const bannerPictureSchema = z.object({ path: z.string() });

/** A banner as the storefront shows it: its pictures, alt texts and link. */
export interface HomeBanner {
  _id: string;
  image: string;
  imageAr: string;
  imageNarrow: string | null;
  imageNarrowAr: string | null;
  alt: string;
  altAr: string;
  link: string;
}

/**
 * Where a banner stands today: `live` (shown, if among the first four live), `scheduled` (its first day is ahead),
 * `ended` (its last day is past), `waitingForSale` (in its days but tied to a sale and nothing is on sale), `off`
 * (the merchant turned it off).
 */
export const BANNER_STATES = ['live', 'scheduled', 'ended', 'waitingForSale', 'off'] as const;
export type BannerState = (typeof BANNER_STATES)[number];

/** A banner as the dashboard lists it. */
export interface Banner extends HomeBanner {
  position: number;
  startsOn: string | null;
  endsOn: string | null;
  onlyDuringSale: boolean;
  enabled: boolean;
  state: BannerState;
  /** Whether the home shows it now: live and among the first four live. */
  shown: boolean;
}

/** The home page's own data: its banners and its rows of products (the paged grid reads the product list). */
export interface HomeData {
  banners: HomeBanner[];
  /** In stock with a sale price, on the product or on one of its variants. */
  onSale: Product[];
  /** The most units sold in the last 30 days (docs/decisions/home-page.md). */
  bestSellers: Product[];
}

export const homeBannerSchema = z.object({
  _id: z.string(),
  image: z.string(),
  imageAr: z.string(),
  imageNarrow: z.string().nullable(),
  imageNarrowAr: z.string().nullable(),
  alt: z.string(),
  altAr: z.string(),
  link: z.string(),
}) satisfies z.ZodType<HomeBanner>;

export const bannerSchema = homeBannerSchema.extend({
  position: z.number(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  onlyDuringSale: z.boolean(),
  enabled: z.boolean(),
  state: z.enum(BANNER_STATES),
  shown: z.boolean(),
}) satisfies z.ZodType<Banner>;

export const homeDataSchema = z.object({
  banners: z.array(homeBannerSchema),
  onSale: z.array(productSchema),
  bestSellers: z.array(productSchema),
}) satisfies z.ZodType<HomeData>;
