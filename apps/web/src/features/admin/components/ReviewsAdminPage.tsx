import { useEffect, useRef, useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useSearchParams } from 'react-router';
import { REVIEW_REPLY_MAX, REVIEW_STARS, reviewReplyInputSchema, type AdminReview } from '@shop/contracts';
import { CheckCircleIcon, PencilIcon, TrashIcon } from '../../../components/icons';
import { Localized } from '../../../components/Localized';
import { Pagination } from '../../../components/Pagination';
import { Rating } from '../../../components/Rating';
import { Refreshing } from '../../../components/Refreshing';
import { Switch } from '../../../components/Switch';
import { useListFilter, usePageBounds, usePageParam } from '../../../hooks/usePageParam';
import { intlLocale } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ShopAnswer, useDeleteReviewMutation } from '../../product';
import { useAnswerReviewMutation, useGetAdminReviewsQuery, useWithdrawReviewAnswerMutation } from '../api/reviewsApi';
import { notifyOutcome } from '../notifyOutcome';
import { useConfirmed } from '../useConfirmed';
import { ConfirmDialog } from './ConfirmDialog';
import { Field } from './Field';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';

const starsOf = (value: string | null) => REVIEW_STARS.find((stars) => String(stars) === value);

/**
 * Every product's reviews, newest first: the shop answers them in its name (shown under the review on the product's
 * page) and deletes those that break its rules. Filtered by stars and by those waiting for an answer, in the URL.
 */
export function ReviewsAdminPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rating = starsOf(params.get('rating'));
  const awaiting = params.get('awaiting') === 'true';
  const { page, setPage } = usePageParam();
  const query = useGetAdminReviewsQuery({ page, rating, awaiting: awaiting || undefined });
  const { data, isFetching } = query;
  usePageBounds(page, data?.pages, setPage);
  const [deleteReview, { isLoading: removing }] = useDeleteReviewMutation();
  const {
    asked: deleting,
    ask: setDeleting,
    confirm: remove,
  } = useConfirmed(
    (review: AdminReview) => deleteReview({ id: review._id, productId: review.product._id }).unwrap(),
    // The spec's words, as on the product page.
    t('reviews.deleted'),
  );
  const title = useRef<HTMLHeadingElement>(null);

  const filterBy = useListFilter<'rating' | 'awaiting'>();

  return (
    <>
      <PageHeader
        title={t('admin.reviews.title')}
        subtitle={data ? t('admin.reviews.total', { count: data.total }) : t('admin.reviews.subtitle')}
        titleRef={title}
      />
      <div className="dash-card mb-3 d-flex flex-wrap align-items-end column-gap-4 row-gap-2">
        <Form.Group controlId="reviews-stars">
          <Form.Label>{t('admin.reviews.stars')}</Form.Label>
          <Form.Select value={rating ?? ''} onChange={(event) => filterBy('rating', event.target.value)}>
            <option value="">{t('admin.reviews.allStars')}</option>
            {REVIEW_STARS.map((stars) => (
              <option key={stars} value={stars}>
                {t('reviews.stars', { count: stars })}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Switch
          id="reviews-awaiting"
          className="mb-2"
          label={t('admin.reviews.awaitingOnly')}
          checked={awaiting}
          onChange={(event) => filterBy('awaiting', event.target.checked ? 'true' : '')}
        />
      </div>
      <QueryState
        query={query}
        lines={6}
        empty={{
          title: rating || awaiting ? t('admin.reviews.noneMatch') : t('admin.reviews.none'),
          hint: rating || awaiting ? undefined : t('admin.reviews.noneHint'),
          when: (data) => !data.reviews.length,
        }}
      >
        {(data) => (
          <Refreshing busy={isFetching}>
            <ul className="list-unstyled mb-0">
              {data.reviews.map((review) => (
                <ReviewItem
                  key={review._id}
                  review={review}
                  onDelete={() => setDeleting(review)}
                  onAnsweredAway={awaiting ? () => title.current?.focus() : undefined}
                />
              ))}
            </ul>
          </Refreshing>
        )}
      </QueryState>
      {data && <Pagination page={page} pages={data.pages} />}
      <ConfirmDialog
        show={Boolean(deleting)}
        title={t('admin.reviews.deleteTitle')}
        confirmLabel={t('admin.reviews.delete')}
        dismissLabel={t('admin.reviews.keep')}
        busy={removing}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
        focusAfterDone={title}
      >
        {t('admin.reviews.deleteConfirm', { title: deleting?.title ?? '', name: deleting?.user.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}

/**
 * One review as the shop sees it: its product, stars, words and author, and the shop's answer or a way to give one.
 * `onAnsweredAway`: answered, it leaves the list on screen (one of those waiting), and focus goes there instead.
 */
function ReviewItem({
  review,
  onDelete,
  onAnsweredAway,
}: {
  review: AdminReview;
  onDelete: () => void;
  onAnsweredAway?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const local = useLocalized();
  const locale = intlLocale(i18n.language);
  const [writing, setWriting] = useState(false);
  // The button that opened the answer's form (Answer, or Edit once answered) takes focus back as the form closes: once
  // the list shows the answer as it now is (answered or not), since a save swaps Answer for Edit as the list reloads.
  const opener = useRef<HTMLButtonElement>(null);
  const [refocusWhenAnswered, setRefocusWhenAnswered] = useState<boolean | null>(null);
  const answered = review.reply !== null;
  useEffect(() => {
    if (refocusWhenAnswered === null || refocusWhenAnswered !== answered) return;
    opener.current?.focus();
    setRefocusWhenAnswered(null);
  }, [refocusWhenAnswered, answered]);
  const close = (saved: boolean) => {
    setWriting(false);
    if (saved && onAnsweredAway) onAnsweredAway();
    else setRefocusWhenAnswered(saved || answered);
  };
  const [withdraw, { isLoading: withdrawing }] = useWithdrawReviewAnswerMutation();
  const takeDown = () =>
    void notifyOutcome(
      withdraw({ id: review._id, productId: review.product._id }).unwrap(),
      t('admin.reviews.answerWithdrawn'),
    ).then((done) => done && setRefocusWhenAnswered(false));
  const titleId = `admin-review-${review._id}`;

  return (
    <li className="dash-card mb-3">
      <article aria-labelledby={titleId}>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
          <div className="min-w-0">
            <Link to={paths.product(review.product._id)} className="small fw-semibold tap-inline">
              <Localized value={local.name(review.product)} />
            </Link>
            <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
              <Rating value={review.rating} size={14} />
              <h2 id={titleId} className="h6 mb-0" dir="auto">
                {review.title}
              </h2>
            </div>
            <p className="small text-body-secondary mb-1">
              <bdi dir="auto">{review.user.name}</bdi>
              {' · '}
              {formatDate(review.date, locale)}
              {review.verified && (
                <Badge bg="success-subtle" text="success" className="ms-2 d-inline-flex align-items-center gap-1">
                  <CheckCircleIcon size={12} />
                  {t('reviews.verified')}
                </Badge>
              )}
            </p>
          </div>
          <Button
            variant="outline-danger"
            size="sm"
            onClick={onDelete}
            aria-label={t('admin.reviews.deleteLabel', { title: review.title })}
          >
            <TrashIcon size={14} className="me-1" />
            {t('admin.reviews.delete')}
          </Button>
        </div>
        <p className="review-comment mb-2" dir="auto">
          {review.comment}
        </p>
        {writing ? (
          <AnswerForm review={review} onClose={close} />
        ) : review.reply ? (
          <ShopAnswer
            reply={review.reply}
            note={
              review.changedSinceReply && (
                <Badge bg="warning" text="dark" className="ms-2">
                  {t('admin.reviews.changedSinceReply')}
                </Badge>
              )
            }
          >
            <div className="d-flex flex-wrap gap-2">
              <Button
                ref={opener}
                variant="outline-primary"
                size="sm"
                onClick={() => setWriting(true)}
                aria-label={t('admin.reviews.editAnswerLabel', { title: review.title })}
              >
                <PencilIcon size={14} className="me-1" />
                {t('admin.reviews.editAnswer')}
              </Button>
              <Button
                variant="outline-secondary"
                size="sm"
                disabled={withdrawing}
                onClick={takeDown}
                aria-label={t('admin.reviews.withdrawAnswerLabel', { title: review.title })}
              >
                {t('admin.reviews.withdrawAnswer')}
              </Button>
            </div>
          </ShopAnswer>
        ) : (
          <Button
            ref={opener}
            variant="outline-primary"
            size="sm"
            onClick={() => setWriting(true)}
            aria-label={t('admin.reviews.answerLabel', { title: review.title })}
          >
            {t('admin.reviews.answer')}
          </Button>
        )}
      </article>
    </li>
  );
}

/** The shop's answer, checked with the API's own rule before it is sent, to the revision of the review on screen. */
function AnswerForm({ review, onClose }: { review: AdminReview; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(review.reply?.text ?? '');
  const [error, setError] = useState<string>();
  const [answer, { isLoading: saving }] = useAnswerReviewMutation();
  // Opened by a button press: the field takes the focus the button had, and again when what it holds is refused.
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewReplyInputSchema.safeParse({ text, revision: review.revision });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    const request = answer({ id: review._id, productId: review.product._id, ...parsed.data }).unwrap();
    if (await notifyOutcome(request, t('admin.reviews.answered'))) onClose(true);
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Field
        id={`review-answer-${review._id}`}
        label={t('admin.reviews.answerField')}
        hint={t('admin.reviews.answerHint')}
        error={error}
        className="mb-2"
      >
        {(control) => (
          <Form.Control
            {...control}
            as="textarea"
            rows={3}
            dir="auto"
            ref={field}
            maxLength={REVIEW_REPLY_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onClose(false);
            }}
          />
        )}
      </Field>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving && <Spinner size="sm" className="me-2" aria-hidden />}
          {t('admin.reviews.publish')}
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={() => onClose(false)}>
          {t('admin.common.cancel')}
        </Button>
      </div>
    </Form>
  );
}
