import type { ReviewPage } from '@shop/contracts';
import { halfStars, Rating } from '../../../components/Rating';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';

/**
 * The reviews at a glance: their average (to the nearest half star, as the product's rating is kept) and how many gave
 * each number of stars. A row shows only those reviews; pressed again, all of them.
 */
export function ReviewSummary({
  counts,
  total,
  shown,
  onShow,
}: {
  /** How many reviews gave each number of stars, five first (the API counts them, however many pages are shown). */
  counts: ReviewPage['stars'];
  total: number;
  shown: number | null;
  onShow: (stars: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent' });
  const average = halfStars(counts.reduce((sum, row) => sum + row.stars * row.count, 0) / total);
  return (
    <div className="review-summary mb-4">
      <div>
        {/* For the eye: the stars under it say the same to a screen reader. */}
        <p className="review-average mb-0" aria-hidden="true">
          {t('reviews.average', { rating: average })}
        </p>
        <Rating value={average} count={total} />
      </div>
      <ul className="list-unstyled mb-0 review-shares" aria-label={t('reviews.byStars')}>
        {counts.map(({ stars, count }) => {
          const share = percent.format(count / total);
          return (
            <li key={stars}>
              <button
                type="button"
                className="review-share"
                aria-pressed={shown === stars}
                disabled={count === 0}
                onClick={() => onShow(shown === stars ? null : stars)}
              >
                <span className="review-share-label">{t('reviews.stars', { count: stars })}</span>{' '}
                {/* The share is in the number beside it; the bar repeats it for the eye. */}
                <span className="review-share-bar" aria-hidden="true">
                  <span style={{ inlineSize: `${(count / total) * 100}%` }} />
                </span>{' '}
                <span className="review-share-value">{share}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
