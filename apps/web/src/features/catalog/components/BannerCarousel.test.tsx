import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BannerCarousel } from './BannerCarousel';

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
afterEach(() => {
  vi.useRealTimers();
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
    render(<BannerCarousel />);
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
    const { container } = render(<BannerCarousel />);
    fireEvent.mouseOver(container.firstElementChild!);
    advance(10_000);
    expect(activeIndex()).toBe(0);
    fireEvent.mouseOut(container.firstElementChild!);
    turn();
    expect(activeIndex()).toBe(1);
  });

  it('waits while keyboard focus is in it', () => {
    render(<BannerCarousel />);
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
    render(<BannerCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the offers' }));
    advance(10_000);
    expect(activeIndex()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play the offers' }));
    turn();
    expect(activeIndex()).toBe(1);
  });

  it('goes to a banner from its indicator, the arrows, the arrow keys and a swipe', () => {
    const { container } = render(<BannerCarousel />);
    const carousel = container.firstElementChild!;
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
});
