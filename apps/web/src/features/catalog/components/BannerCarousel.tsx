import Carousel from 'react-bootstrap/Carousel';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_INTERVAL_MS } from '@shop/contracts';
import electronics from '../../../assets/banners/banner-electronics.svg';
import electronicsAr from '../../../assets/banners/banner-electronics.ar.svg';
import ramadan from '../../../assets/banners/banner-ramadan.svg';
import ramadanAr from '../../../assets/banners/banner-ramadan.ar.svg';
import delivery from '../../../assets/banners/banner-delivery.svg';
import deliveryAr from '../../../assets/banners/banner-delivery.ar.svg';
import fashion from '../../../assets/banners/banner-fashion.svg';
import fashionAr from '../../../assets/banners/banner-fashion.ar.svg';

/** Each banner drawn in both languages: its words are part of the picture. */
const BANNERS = [
  { src: { en: electronics, ar: electronicsAr }, alt: 'home.banners.electronics' },
  { src: { en: ramadan, ar: ramadanAr }, alt: 'home.banners.ramadan' },
  { src: { en: delivery, ar: deliveryAr }, alt: 'home.banners.delivery' },
  { src: { en: fashion, ar: fashionAr }, alt: 'home.banners.fashion' },
] as const;

/** Four banners turning every 3 s (spec 9); the first loads eagerly as it is the first thing seen. */
export function BannerCarousel() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <Carousel
      interval={CAROUSEL_INTERVAL_MS}
      className="banner-carousel rounded-4 overflow-hidden shadow-sm"
      aria-label={t('home.bannersLabel')}
      prevLabel={t('home.previousBanner')}
      nextLabel={t('home.nextBanner')}
      indicatorLabels={BANNERS.map((_, index) => t('home.showBanner', { number: index + 1, total: BANNERS.length }))}
    >
      {BANNERS.map((banner, index) => (
        <Carousel.Item key={banner.alt}>
          <img
            src={banner.src[language]}
            alt={t(banner.alt)}
            width={1200}
            height={450}
            className="d-block w-100 h-auto"
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
