import type { BannerInput } from '@shop/contracts';

/** A demo banner: its pictures are the web app's drawn ones (apps/web/public/banners), its link a department's. */
interface DemoBanner extends Omit<BannerInput, 'image' | 'imageAr' | 'imageNarrow' | 'imageNarrowAr' | 'link'> {
  /** The name of its pictures: banner-<name>.svg, .ar.svg, .narrow.svg and .narrow.ar.svg. */
  picture: string;
  /** The department it leads to, by its English name; none leads to a page of the shop (`page`). */
  department?: string;
  page?: string;
}

/**
 * The demo's home banners, in order (docs/decisions/home-page.md). The home shows the first four live, so it shows
 * four on any day: the discount banner runs only while something is on sale (the demo always has), Ramadan's only
 * in Ramadan 1448 (8 February to 9 March 2027, as Egypt's calendar expects it), and the evergreen returns banner
 * fills the fourth place the rest of the year.
 */
export const DEMO_BANNERS: DemoBanner[] = [
  {
    picture: 'electronics',
    alt: 'Mega tech sale: up to 50% off phones, laptops and accessories',
    altAr: 'تخفيضات التكنولوجيا الكبرى: خصم حتى ٥٠٪ على الموبايلات واللابتوب والإكسسوارات',
    department: 'Electronics',
    onlyDuringSale: true,
  },
  {
    picture: 'ramadan',
    alt: 'Ramadan Kareem: home and kitchen offers for your iftar table',
    altAr: 'رمضان كريم: عروض البيت والمطبخ لمائدة الإفطار',
    department: 'Home & Kitchen',
    startsOn: '2027-02-08',
    endsOn: '2027-03-09',
  },
  {
    picture: 'delivery',
    alt: 'Delivered across Egypt: cash on delivery',
    altAr: 'توصيل لكل مصر: الدفع عند الاستلام',
    page: '/pages/delivery',
  },
  {
    picture: 'fashion',
    alt: 'New season: fashion from EGP 199',
    altAr: 'الموسم الجديد: أزياء من 199 ج.م.',
    department: 'Fashion',
  },
  {
    picture: 'returns',
    alt: 'Shop with peace of mind: 14 days to return',
    altAr: 'تسوّق وأنت مطمئن: استرجاع خلال ١٤ يومًا',
    page: '/pages/returns',
  },
];

/** The pictures of a demo banner, as the web app serves them. */
export const demoBannerPictures = (name: string) => ({
  image: `/banners/banner-${name}.svg`,
  imageAr: `/banners/banner-${name}.ar.svg`,
  imageNarrow: `/banners/banner-${name}.narrow.svg`,
  imageNarrowAr: `/banners/banner-${name}.narrow.ar.svg`,
});
