import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { HomeBanner } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { renderRoute } from '../../../test/utils';
import { BannerCarousel } from './BannerCarousel';

/** Four banners as the API sends them; the second without a phone's picture or a link. */
const BANNERS: HomeBanner[] = ['sale', 'ramadan', 'delivery', 'fashion'].map((name, index) => ({
  _id: `b${index}`,
  image: `/banners/banner-${name}.svg`,
  imageAr: `/banners/banner-${name}.ar.svg`,
  imageNarrow: index === 1 ? null : `/banners/banner-${name}.narrow.svg`,
  imageNarrowAr: index === 1 ? null : `/banners/banner-${name}.narrow.ar.svg`,
  alt: `The ${name} offer`,
  altAr: `عرض ${name}`,
  link: index === 1 ? '' : `/department/${name}`,
}));
const renderCarousel = (banners: HomeBanner[] = BANNERS) => renderRoute(<BannerCarousel banners={banners} />);

const items = () => [...document.querySelectorAll('.carousel-item')];
const activeIndex = () => items().findIndex((item) => item.classList.contains('active'));
/** Each slide takes the 0.6 s Bootstrap's stylesheet gives it (the tests load no stylesheet, so they say so here). */
const SLIDE_MS = 600;

beforeEach(() => {
  vi.useFakeTimers();
  const style = document.createElement('style');
  style.textContent = `.carousel-item { transition-duration: ${SLIDE_MS / 1000}s; }`;
  document.head.append(style);
});
afterEach(async () => {
  vi.useRealTimers();
  await changeLanguage('en');
  document.head.innerHTML = '';
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
/** One turn: the wait, then the slide (each step renders before the next timer is set). */
const turn = () => {
  advance(3_000);
  advance(SLIDE_MS);
};

describe('BannerCarousel', () => {
  it('turns every 3 s, sliding the next banner in over 0.6 s, and wraps round', () => {
    renderCarousel();
    expect(items()).toHaveLength(4);
    expect(activeIndex()).toBe(0);
    advance(2_900);
    expect(activeIndex()).toBe(0);
    advance(100);
    // Mid-slide: both banners move, the indicator already names the incoming one.
    expect(items()[0]).toHaveClass('active', 'carousel-item-start');
    expect(items()[1]).toHaveClass('carousel-item-next', 'carousel-item-start');
    expect(screen.getByRole('button', { name: 'Show offer 2 of 4' })).toHaveAttribute('aria-current', 'true');
    advance(SLIDE_MS);
    expect(activeIndex()).toBe(1);
    expect(items()[0]).toHaveClass('carousel-item', { exact: true });
    turn();
    turn();
    expect(activeIndex()).toBe(3);
    turn();
    expect(activeIndex()).toBe(0);
  });

  it('waits while the pointer is over it', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Offers' });
    fireEvent.mouseOver(carousel);
    advance(10_000);
    expect(activeIndex()).toBe(0);
    fireEvent.mouseOut(carousel);
    turn();
    expect(activeIndex()).toBe(1);
  });

  it('waits while keyboard focus is in it', () => {
    renderCarousel();
    act(() => screen.getByRole('button', { name: 'Next offer' }).focus());
    advance(SLIDE_MS);
    expect(activeIndex()).toBe(0);
    advance(10_000);
    expect(activeIndex()).toBe(0);
    act(() => screen.getByRole('button', { name: 'Next offer' }).blur());
    turn();
    expect(activeIndex()).toBe(1);
  });

  it('stops for good with its pause button, and turns again with play', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause the offers' }));
    advance(10_000);
    expect(activeIndex()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play the offers' }));
    turn();
    expect(activeIndex()).toBe(1);
  });

  it('goes to a banner from its indicator, the arrows, the arrow keys and a swipe', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Offers' });
    fireEvent.click(screen.getByRole('button', { name: 'Show offer 3 of 4' }));
    advance(SLIDE_MS);
    expect(activeIndex()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Previous offer' }));
    expect(items()[1]).toHaveClass('carousel-item-prev', 'carousel-item-end');
    advance(SLIDE_MS);
    expect(activeIndex()).toBe(1);
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    advance(SLIDE_MS);
    expect(activeIndex()).toBe(2);
    fireEvent.touchStart(carousel, { touches: [{ clientX: 300 }] });
    fireEvent.touchMove(carousel, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(carousel, { touches: [] });
    advance(SLIDE_MS);
    expect(activeIndex()).toBe(3);
  });

  it("draws each banner in the page's language, a phone's narrow picture when it has one, and its link", async () => {
    await changeLanguage('ar');
    renderCarousel();
    const first = screen.getByRole('img', { name: 'عرض sale' });
    expect(first).toHaveAttribute('src', '/banners/banner-sale.ar.svg');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    const narrow = first.parentElement?.querySelector('source');
    expect(narrow).toHaveAttribute('srcset', '/banners/banner-sale.narrow.ar.svg');
    expect(narrow).toHaveAttribute('media', '(max-width: 575.98px)');
    expect(first.closest('a')).toHaveAttribute('href', '/department/sale');
    const second = screen.getByRole('img', { name: 'عرض ramadan' });
    expect(second.parentElement?.querySelector('source')).toBeNull();
    expect(second.closest('a')).toBeNull();
    expect(second).toHaveAttribute('loading', 'lazy');
  });

  it('stands still with one banner, without controls, and draws nothing without banners', () => {
    const { unmount } = renderCarousel(BANNERS.slice(0, 1));
    expect(screen.getByRole('img', { name: 'The sale offer' })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    advance(10_000);
    unmount();
    const { container } = renderCarousel([]);
    expect(container.querySelector('.banner-carousel')).toBeNull();
  });
});
