import { z } from 'zod';
import { requiredText } from './fields.js';
import { egyptianMobile, latinDigits } from './mobile.js';
import { SHOP_PAGES } from './seller.js';
import { say } from './said.js';

/*
 * Who the seller is and on what terms: the details the storefront's footer shows and the pages it links to,
 * each written by the owner in both languages. A page's text is plain text with a small markup
 * (docs/decisions/shop-pages-markup.md): a blank line starts a paragraph, a line starting with "## " is a
 * heading and one starting with "- " an item of a list. It is never read as HTML.
 */

/** A telephone as people write it (a landline, a hotline, a mobile): 3 to 20 digits, spaces, dashes, a leading +. */
const phoneNumber = z
  .string({ error: say.rule.phoneNumber })
  .trim()
  .refine((value) => /^\+?[\d\s\-()]{3,24}$/.test(latinDigits(value)) && /^(\D*\d){3,20}\D*$/.test(value), {
    message: say.rule.phoneNumber,
  });

/** The shop's contact details and the numbers Egyptian law has a seller show. */
export const shopDetailsSchema = z.object({
  /** The number shoppers call, shown as written. */
  phone: phoneNumber,
  /** The mobile the shop answers on WhatsApp (+201…), or empty for none. */
  whatsapp: z
    .string({ error: say.msg.invalidPhone })
    .trim()
    .refine((value) => value === '' || egyptianMobile(value) !== null, { message: say.msg.invalidPhone }),
  address: requiredText(say.msg.requiredField, 300),
  addressAr: requiredText(say.msg.requiredField, 300),
  /** The commercial registration (السجل التجاري) number. */
  commercialRegister: requiredText(say.msg.requiredField, 40),
  /** The tax registration (البطاقة الضريبية) number. */
  taxNumber: requiredText(say.msg.requiredField, 40),
});
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

/** One of the shop's pages, in both languages. */
export const shopPageSchema = z.object({
  page: z.enum(SHOP_PAGES),
  title: requiredText(say.msg.requiredField, 120),
  titleAr: requiredText(say.msg.requiredField, 120),
  body: requiredText(say.msg.requiredField, 20_000),
  bodyAr: requiredText(say.msg.requiredField, 20_000),
});
export type ShopPage = z.infer<typeof shopPageSchema>;

/** Everything the owner edits at once in the dashboard: the details and the four pages. */
export const shopSettingsSchema = z.object({
  details: shopDetailsSchema,
  pages: z
    .array(shopPageSchema)
    .refine((pages) => pages.length === SHOP_PAGES.length && SHOP_PAGES.every((p) => pages.some((x) => x.page === p)), {
      message: say.rule.eachShopPageOnce,
    }),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** The path parameter of a page's route. */
export const shopPageParamsSchema = z.object({ page: z.enum(SHOP_PAGES) });
