import { z } from 'zod';
import { bannerInputSchema, type Banner, type BannerFields } from '@shop/contracts';

/** A box left empty (no phone picture, no first or last day) is null. */
const emptyIsNull = z.string().transform((value) => value || null);

/**
 * The banner dialog's fields as the browser holds them (pictures as the paths their uploads answered, days as the
 * date boxes write them), turned into what the server takes and checked by the same rules it checks.
 */
const bannerFields = z.object({
  image: z.string(),
  imageAr: z.string(),
  imageNarrow: emptyIsNull,
  imageNarrowAr: emptyIsNull,
  alt: z.string(),
  altAr: z.string(),
  link: z.string(),
  startsOn: emptyIsNull,
  endsOn: emptyIsNull,
  onlyDuringSale: z.boolean(),
  enabled: z.boolean(),
});
export const bannerFormSchema = bannerFields.pipe(
  bannerInputSchema as z.ZodType<BannerFields, z.output<typeof bannerFields>>,
);
export type BannerFormInput = z.input<typeof bannerFormSchema>;

export const emptyBannerForm: BannerFormInput = {
  image: '',
  imageAr: '',
  imageNarrow: '',
  imageNarrowAr: '',
  alt: '',
  altAr: '',
  link: '',
  startsOn: '',
  endsOn: '',
  onlyDuringSale: false,
  enabled: true,
};

export const bannerToForm = (banner: Banner): BannerFormInput => ({
  image: banner.image,
  imageAr: banner.imageAr,
  imageNarrow: banner.imageNarrow ?? '',
  imageNarrowAr: banner.imageNarrowAr ?? '',
  alt: banner.alt,
  altAr: banner.altAr,
  link: banner.link,
  startsOn: banner.startsOn ?? '',
  endsOn: banner.endsOn ?? '',
  onlyDuringSale: banner.onlyDuringSale,
  enabled: banner.enabled,
});

/** The four pictures of a banner, in the order the dialog asks for them. */
export const BANNER_PICTURES = ['image', 'imageAr', 'imageNarrow', 'imageNarrowAr'] as const;
export type BannerPicture = (typeof BANNER_PICTURES)[number];
