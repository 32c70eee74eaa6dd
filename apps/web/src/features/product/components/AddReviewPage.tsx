import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { reviewCreateSchema } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { ProductImage } from '../../../components/ProductImage';
import { translateValidation } from '../../../i18n/validation';
import { useTranslation } from '../../../i18n/useTranslation';
import { useLocalized } from '../../../i18n/localized';
import { Localized } from '../../../components/Localized';
import { comingBackTo, useSession } from '../../auth';
import { useGetProductQuery } from '../../catalog';
import { useAddReviewMutation } from '../api/reviewsApi';
import { paths } from '../../../lib/paths';

const RATINGS = [5, 4, 3, 2, 1] as const;
const reviewFormSchema = reviewCreateSchema.omit({ product: true });

/** /AddReview?product={id}: the product id rides in the query so a reload keeps the form usable. */
export function AddReviewPage() {
  const { t } = useTranslation();
  const local = useLocalized();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const productId = params.get('product') ?? '';
  const { isSignedIn } = useSession();
  const { data: product } = useGetProductQuery(productId, { skip: !productId || !isSignedIn });
  const [addReview, { error, isLoading }] = useAddReviewMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(reviewFormSchema), defaultValues: { rating: '5', title: '', comment: '' } });

  if (!isSignedIn) return <Navigate to={paths.login} replace state={comingBackTo(location)} />;
  if (!productId) return <Navigate to={paths.home} replace />;

  const productPath = paths.product(productId);
  const submit = handleSubmit(async (values) => {
    try {
      await addReview({ ...values, product: productId }).unwrap();
      notify.success(t('reviews.added'));
      void navigate(productPath);
    } catch {
      // The alert below shows the server's message.
    }
  });

  return (
    <div className="container-sm py-4 narrow-page">
      <title>{t('shopPages.documentTitle', { title: t('reviews.addTitle') })}</title>
      <h1 className="page-title">{t('reviews.addTitle')}</h1>
      {product && (
        <Card body className="mb-4">
          <div className="d-flex align-items-center gap-3">
            <ProductImage
              src={product.image_path[0]}
              alt=""
              width={64}
              height={64}
              className="rounded object-fit-contain bg-white"
            />
            <Link to={productPath} className="fw-semibold">
              <Localized value={local.name(product)} />
            </Link>
          </div>
        </Card>
      )}
      {error && <Alert variant="danger">{errorMessage(error) ?? t('common.sendFailed')}</Alert>}
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 fw-semibold">{t('reviews.rating')}</legend>
          <div className="d-flex flex-wrap gap-2">
            {RATINGS.map((value) => (
              <span key={value}>
                <input
                  type="radio"
                  className="btn-check"
                  id={`rating-${value}`}
                  value={String(value)}
                  {...register('rating')}
                />
                <label className="btn btn-outline-primary" htmlFor={`rating-${value}`}>
                  {t('reviews.stars', { count: value })}
                </label>
              </span>
            ))}
          </div>
          {errors.rating && (
            <div className="invalid-feedback d-block">{translateValidation(errors.rating.message)}</div>
          )}
        </fieldset>
        <Form.Group className="mb-3" controlId="review-title">
          <Form.Label className="fw-semibold">{t('reviews.titleLabel')}</Form.Label>
          <Form.Control {...register('title')} isInvalid={Boolean(errors.title)} maxLength={120} />
          <Form.Control.Feedback type="invalid">{translateValidation(errors.title?.message)}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-4" controlId="review-comment">
          <Form.Label className="fw-semibold">{t('reviews.commentLabel')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={5}
            {...register('comment')}
            isInvalid={Boolean(errors.comment)}
            maxLength={2000}
          />
          <Form.Control.Feedback type="invalid">{translateValidation(errors.comment?.message)}</Form.Control.Feedback>
        </Form.Group>
        <div className="d-flex gap-2">
          <Button type="submit" variant="primary" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('reviews.submit')}
          </Button>
          <Link to={productPath} className="btn btn-outline-secondary">
            {t('common.cancel')}
          </Link>
        </div>
      </Form>
    </div>
  );
}
