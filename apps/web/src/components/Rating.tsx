import type { CSSProperties } from 'react';
import { useTranslation } from '../i18n/useTranslation';

/** A rating on the 0-5 scale to the nearest half star: what the stars show and their label reads. */
export function halfStars(rating: number): number {
  return Math.round(Math.min(5, Math.max(0, rating)) * 2) / 2;
}

interface RatingProps {
  value: number;
  count?: number;
  size?: number;
}

/**
 * Five stars drawn by one element: grey stars as its background, golden ones as the background of its `::before`,
 * as wide as the rating (`.rating-stars` in the theme). A grid of 48 cards drew 480 SVGs with an element per star
 * before, two thirds of the category page's elements, which the browser laid out and React hydrated.
 */
export function Rating({ value, count, size = 16 }: RatingProps) {
  const { t } = useTranslation();
  const shown = halfStars(value);
  const style: CSSProperties & Record<'--rating-fill' | '--rating-size', string> = {
    '--rating-fill': `${(shown / 5) * 100}%`,
    '--rating-size': `${size}px`,
  };
  return (
    <span className="rating d-inline-flex align-items-center gap-1">
      <span role="img" aria-label={t('rating.label', { rating: shown })} className="rating-stars" style={style} />
      {count !== undefined && <span className="small text-body-secondary">{t('rating.count', { count })}</span>}
    </span>
  );
}
