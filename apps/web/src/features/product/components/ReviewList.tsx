import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { notify } from '../../../lib/notify';
import type { Review } from '@shop/contracts';
import { CheckCircleIcon, TrashIcon } from '../../../components/icons';
import { Rating } from '../../../components/Rating';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate } from '../../../lib/format';
import { usePermissions } from '../../admin';
import { useSession } from '../../auth';
import { useDeleteReviewMutation, useGetReviewPagesInfiniteQuery } from '../api/reviewsApi';
import { ReviewSummary } from './ReviewSummary';
import { ShopAnswer } from './ShopAnswer';

/**
 * A product's reviews, newest first, a page at a time ("Show more reviews"), each with the shop's answer if it gave
 * one; its author, or staff who manage reviews, may delete it.
 */
export function ReviewList({ productId }: { productId: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { can } = usePermissions();
  // The number of stars whose reviews alone are shown (the summary's rows), or null for all.
  const [stars, setStars] = useState<number | null>(null);
  // While another row's first page loads, the summary stays (`data` is the last answer, whatever asked) and the list
  // waits for its own (`currentData`).
  const {
    data,
    currentData,
    isLoading,
    isError,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useGetReviewPagesInfiniteQuery({ productId, stars });
  const [deleteReview, { isLoading: deleting, originalArgs }] = useDeleteReviewMutation();
  const counts = data?.pages[0]?.stars ?? [];
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  const chosen = counts.find((row) => row.stars === stars)?.count ?? 0;
  // A row whose last review went (deleted) shows all again, at once (not after a frame saying "0 of 3"): its button
  // is disabled and could not.
  if (stars !== null && data && chosen === 0) setStars(null);
  // Reviews by id: a review written by someone else meanwhile moves the next page's first one onto it (offset pages).
  const listed = currentData && [
    ...new Map(currentData.pages.flatMap((page) => page.reviews).map((review) => [review._id, review])).values(),
  ];
  // "Show more" keeps the keyboard's place: the first review it brought takes the focus.
  const firstNew = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const shownCount = listed?.length ?? 0;
  useEffect(() => {
    const from = firstNew.current;
    if (from === null || shownCount <= from) return;
    firstNew.current = null;
    list.current?.querySelectorAll('article')[from]?.focus();
  }, [shownCount]);
  const showMore = () => {
    if (isFetchingNextPage) return;
    firstNew.current = shownCount;
    void fetchNextPage();
  };

  const remove = async (review: Review) => {
    try {
      await deleteReview({ id: review._id, productId }).unwrap();
      notify.success(t('reviews.deleted'));
    } catch {
      notify.error(t('reviews.deleteFailed'));
    }
  };

  if (isLoading) return <ReviewsLoading />;
  // Failed before any answer; a later page's failure keeps what is shown.
  if (!data) return <p className="text-body-secondary">{t('common.loadFailed')}</p>;
  if (!total) return <p className="text-body-secondary">{t('reviews.none')}</p>;

  return (
    <>
      <ReviewSummary counts={counts} total={total} shown={stars} onShow={setStars} />
      <p className="small text-body-secondary mb-0" role="status">
        {stars !== null && t('reviews.showing', { rating: stars, count: chosen, total })}
      </p>
      {!listed && (isError ? <p className="text-body-secondary">{t('common.loadFailed')}</p> : <ReviewsLoading />)}
      <ul className="list-unstyled mb-0" ref={list}>
        {listed?.map((review) => {
          // As the API allows: authors delete their own reviews, staff who manage reviews moderate the rest.
          const canDelete = user !== null && (user._id === review.user._id || can('reviews.manage'));
          return (
            <li key={review._id} className="review">
              <article aria-labelledby={`review-${review._id}`} tabIndex={-1}>
                <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
                  <span className="review-avatar" aria-hidden="true">
                    {review.user.name.slice(0, 1).toUpperCase()}
                  </span>
                  {/* Shoppers write in either language: each text takes its own direction. */}
                  <span className="fw-semibold" dir="auto">
                    {review.user.name}
                  </span>
                  {review.verified && (
                    <span className="badge bg-success-subtle text-success d-inline-flex align-items-center gap-1">
                      <CheckCircleIcon size={12} />
                      {t('reviews.verified')}
                    </span>
                  )}
                </div>
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <Rating value={review.rating} size={14} />
                  <h3 id={`review-${review._id}`} className="h6 mb-0" dir="auto">
                    {review.title}
                  </h3>
                </div>
                <p className="small text-body-secondary mb-1">
                  {t('reviews.reviewedOn', { date: formatDate(review.date, intlLocale(i18n.language)) })}
                </p>
                <p className="mb-2 review-comment" dir="auto">
                  {review.comment}
                </p>
                {review.reply && <ShopAnswer reply={review.reply} />}
                {canDelete && (
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    onClick={() => void remove(review)}
                    disabled={deleting && originalArgs?.id === review._id}
                    aria-label={t('reviews.deleteNamed', { title: review.title })}
                  >
                    <TrashIcon size={14} className="me-1" />
                    {t('reviews.delete')}
                  </button>
                )}
              </article>
            </li>
          );
        })}
      </ul>
      {listed && hasNextPage && (
        <>
          {isFetchNextPageError && (
            <p className="text-danger mt-3 mb-0" role="alert">
              {t('common.loadFailed')}
            </p>
          )}
          {/* aria-disabled rather than disabled: a disabled button loses the keyboard's focus. */}
          <Button variant="outline-secondary" className="mt-3" onClick={showMore} aria-disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('common.loading') : t('reviews.more')}
          </Button>
        </>
      )}
    </>
  );
}

/** Reviews on their way: the shapes of two, said to a screen reader as loading. */
function ReviewsLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="review mb-3 placeholder-glow">
          <span className="placeholder col-3" /> <span className="placeholder col-8" />{' '}
          <span className="placeholder col-10" />
        </div>
      ))}
    </div>
  );
}
