import Carousel from 'react-bootstrap/Carousel';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_INTERVAL_MS } from '@shop/contracts';
import electronics from '../../../assets/banners/banner-electronics.svg';
import ramadan from '../../../assets/banners/banner-ramadan.svg';
import delivery from '../../../assets/banners/banner-delivery.svg';
import fashion from '../../../assets/banners/banner-fashion.svg';

const BANNERS = [
  { src: electronics, alt: 'home.banners.electronics' },
  { src: ramadan, alt: 'home.banners.ramadan' },
  { src: delivery, alt: 'home.banners.delivery' },
  { src: fashion, alt: 'home.banners.fashion' },
] as const;

/** Four banners turning every 3 s (spec 9); the first loads eagerly as it is the first thing seen. */
export function BannerCarousel() {
  const { t } = useTranslation();
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
        <Carousel.Item key={banner.src}>
          <img
            src={banner.src}
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
