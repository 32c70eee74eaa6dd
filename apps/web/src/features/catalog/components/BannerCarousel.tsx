import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type TouchEvent,
} from 'react';
import { Link } from 'react-router';
import { BANNER_NARROW_MAX_PX, CAROUSEL_INTERVAL_MS, type HomeBanner } from '@shop/contracts';
import { PauseIcon, PlayIcon } from '../../../components/icons';
import { useTranslation } from '../../../i18n/useTranslation';

/** A finger must travel this far (px) across the banners to count as a swipe. */
const SWIPE_PX = 40;

type Direction = 'next' | 'prev';
/** A change of banner under way: `enter` places the incoming banner beside the current one, `slide` moves both. */
interface Slide {
  to: number;
  direction: Direction;
  phase: 'enter' | 'slide';
}

/** The classes Bootstrap's carousel CSS animates a banner with, at each step of a slide. */
function itemClass(index: number, active: number, slide: Slide | null): string {
  if (!slide) return index === active ? 'carousel-item active' : 'carousel-item';
  const side = slide.direction === 'next' ? 'start' : 'end';
  const moving = slide.phase === 'slide' ? ` carousel-item-${side}` : '';
  if (index === slide.to) return `carousel-item carousel-item-${slide.direction}${moving}`;
  if (index === active) return `carousel-item active${moving}`;
  return 'carousel-item';
}

/** The length of the banners' CSS transition (none when the visitor asks for reduced motion). */
function transitionMs(element: HTMLElement | undefined): number {
  return element ? parseFloat(getComputedStyle(element).transitionDuration) * 1000 || 0 : 0;
}

/**
 * One banner in the page's language: its words are part of the picture. A phone takes the narrow picture when the
 * banner has one (`<picture>`: the browser fetches only the source it chose); a link makes the whole picture one.
 */
function BannerPicture({ banner, first }: { banner: HomeBanner; first: boolean }) {
  const { i18n } = useTranslation();
  const arabic = i18n.language === 'ar';
  const narrow = arabic ? banner.imageNarrowAr : banner.imageNarrow;
  const picture = (
    <picture>
      {narrow && <source media={`(max-width: ${BANNER_NARROW_MAX_PX}px)`} srcSet={narrow} width={800} height={450} />}
      <img
        src={arabic ? banner.imageAr : banner.image}
        alt={arabic ? banner.altAr : banner.alt}
        width={1200}
        height={450}
        className="d-block w-100 h-auto"
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
      />
    </picture>
  );
  return banner.link ? (
    <Link to={banner.link} className="d-block">
      {picture}
    </Link>
  ) : (
    picture
  );
}

/**
 * The merchant's banners live today (at most four, from the API) turning every 3 s; the first loads eagerly as it
 * is the first thing seen. One banner stands still, with no controls; none draws nothing.
 * Bootstrap's carousel markup and CSS, driven by a few lines of state rather than react-bootstrap's
 * Carousel, whose transition machinery (react-transition-group, dom-helpers, uncontrollable) added
 * 4.9 KB to the home page's gzipped JS. It behaves as that one did: it pauses under the pointer or
 * a finger, follows swipes, the arrow keys, the arrows and the indicators, and waits for a slide to
 * end before the next.
 */
export function BannerCarousel({ banners }: { banners: HomeBanner[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [slide, setSlide] = useState<Slide | null>(null);
  // Held for a moment (a pointer or finger on the banners, keyboard focus in them) or stopped by the visitor.
  const [pointerHeld, setPointerHeld] = useState(false);
  const [focusHeld, setFocusHeld] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = pointerHeld || focusHeld || stopped || banners.length < 2;
  const items = useRef<HTMLDivElement[]>([]);
  const touchStart = useRef(0);
  const touchDelta = useRef(0);

  const show = (to: number, direction: Direction) => {
    if (!slide && to !== active) setSlide({ to, direction, phase: 'enter' });
  };
  const next = () => show((active + 1) % banners.length, 'next');
  // The timer's turn reads the latest state without being an input of the effect that counts.
  const turnByTimer = useEffectEvent(next);
  const previous = () => show((active + banners.length - 1) % banners.length, 'prev');

  useLayoutEffect(() => {
    if (slide?.phase !== 'enter') return;
    // Lay the incoming banner out at its starting side first, or it would appear without sliding in.
    void items.current[slide.to]?.offsetWidth;
    setSlide({ ...slide, phase: 'slide' });
  }, [slide]);

  useEffect(() => {
    if (slide?.phase !== 'slide') return;
    const done = setTimeout(() => {
      setActive(slide.to);
      setSlide(null);
    }, transitionMs(items.current[slide.to]));
    return () => clearTimeout(done);
  }, [slide]);

  // The next turn is counted from the end of the last slide, and waits while the banners are held.
  useEffect(() => {
    if (paused || slide) return;
    const turn = setTimeout(() => {
      if (!document.hidden) turnByTimer();
    }, CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(turn);
  }, [paused, slide, active]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    if (event.key === 'ArrowLeft') previous();
    else next();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? 0;
    touchDelta.current = 0;
    setPointerHeld(true);
  };
  const onTouchMove = (event: TouchEvent) => {
    // A pinch is not a swipe.
    touchDelta.current = event.touches.length > 1 ? 0 : (event.touches[0]?.clientX ?? 0) - touchStart.current;
  };
  const onTouchEnd = () => {
    if (Math.abs(touchDelta.current) > SWIPE_PX) {
      if (touchDelta.current > 0) previous();
      else next();
    }
    setPointerHeld(false);
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusHeld(false);
  };

  const shown = slide?.to ?? active;
  const [only] = banners;
  if (!only) return null;
  if (banners.length === 1)
    return (
      <div className="banner-carousel rounded-4 overflow-hidden shadow-sm">
        <BannerPicture banner={only} first />
      </div>
    );
  return (
    // The carousel region hears the arrow keys and the pointer of everything inside it, as the carousel pattern asks.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className="banner-carousel rounded-4 overflow-hidden shadow-sm carousel slide"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('home.bannersLabel')}
      onKeyDown={onKeyDown}
      onMouseOver={() => setPointerHeld(true)}
      onMouseOut={() => setPointerHeld(false)}
      // Keyboard focus only: a button clicked with the mouse keeps focus after the pointer has gone.
      onFocus={(event) => setFocusHeld(event.target.matches(':focus-visible'))}
      onBlur={onBlur}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
    >
      {/* WCAG 2.2.2: moving content the visitor can stop for good, first in the tab order. */}
      <button
        type="button"
        className="carousel-pause"
        aria-label={stopped ? t('home.playBanners') : t('home.pauseBanners')}
        onClick={() => setStopped(!stopped)}
      >
        {stopped ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
      </button>
      <div className="carousel-indicators">
        {banners.map((banner, index) => (
          <button
            key={banner._id}
            type="button"
            // Bootstrap's CSS styles the indicators by this attribute.
            data-bs-target=""
            className={index === shown ? 'active' : undefined}
            aria-current={index === shown}
            aria-label={t('home.showBanner', { number: index + 1, total: banners.length })}
            onClick={() => show(index, index > active ? 'next' : 'prev')}
          />
        ))}
      </div>
      <div className="carousel-inner">
        {banners.map((banner, index) => (
          <div
            key={banner._id}
            className={itemClass(index, active, slide)}
            ref={(element) => {
              if (element) items.current[index] = element;
            }}
          >
            <BannerPicture banner={banner} first={index === 0} />
          </div>
        ))}
      </div>
      <button type="button" className="carousel-control-prev" onClick={previous}>
        <span className="carousel-control-prev-icon" aria-hidden="true" />
        <span className="visually-hidden">{t('home.previousBanner')}</span>
      </button>
      <button type="button" className="carousel-control-next" onClick={next}>
        <span className="carousel-control-next-icon" aria-hidden="true" />
        <span className="visually-hidden">{t('home.nextBanner')}</span>
      </button>
    </div>
  );
}
