import { useTranslation } from '../i18n/useTranslation';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Fill of each of the five stars (1, 0.5 or 0) for a rating on the 0-5 scale, to the nearest half star. */
export function starFills(rating: number): number[] {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  return [1, 2, 3, 4, 5].map((star) => Math.min(1, Math.max(0, (halves - (star - 1) * 2) / 2)));
}

interface RatingProps {
  value: number;
  count?: number;
  size?: number;
}

export function Rating({ value, count, size = 16 }: RatingProps) {
  const { t } = useTranslation();
  const shown = Math.round(Math.min(5, Math.max(0, value)) * 2) / 2;
  return (
    <span className="rating d-inline-flex align-items-center gap-1">
      <span role="img" aria-label={t('rating.label', { rating: shown })} className="d-inline-flex">
        {starFills(value).map((fill, index) => (
          <span key={index} className="rating-star" style={{ width: size, height: size }}>
            <svg
              viewBox="0 0 24 24"
              width={size}
              height={size}
              aria-hidden="true"
              focusable="false"
              className="rating-star-empty"
            >
              <path d={STAR} />
            </svg>
            {fill > 0 && (
              <span className="rating-star-fill" style={{ inlineSize: `${fill * 100}%` }}>
                <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
                  <path d={STAR} />
                </svg>
              </span>
            )}
          </span>
        ))}
      </span>
      {count !== undefined && <span className="small text-body-secondary">{t('rating.count', { count })}</span>}
    </span>
  );
}
