import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useParams } from 'react-router';
import type { ConfirmationAnswer, ConfirmationResult, ConfirmationView } from '@shop/contracts';
import { errorMessage, errorStatus, type ApiError } from '../../../api/errors';
import { LoadFailed } from '../../../components/LoadFailed';
import { Localized } from '../../../components/Localized';
import { Price } from '../../../components/Price';
import { VariantValues } from '../../../components/VariantValues';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { useAnswerConfirmationMutation, useGetConfirmationQuery } from '../api/ordersApi';
import { orderRef } from '../orderRef';
import '../../../styles/checkout.css';

/** The server's word that the link itself is no good (malformed, unknown, or expired); any other failure may pass. */
const linkRefused = (error: ApiError | undefined) => [400, 404, 410].includes(errorStatus(error) ?? 0);

/**
 * /confirm/<token>: a cash order's confirmation, opened from its message's link with no sign-in (the signed token
 * names the order). The shopper sees the order and confirms or cancels it; the server moves it once.
 */
export function ConfirmOrderPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { data, isFetching, error, refetch } = useGetConfirmationQuery(token);
  const [answer, { data: result, isLoading: answering, isError: failed }] = useAnswerConfirmationMutation();

  let content;
  if (isFetching && !data)
    content = (
      <div className="d-flex justify-content-center py-5" role="status">
        <Spinner animation="border" variant="primary" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  else if (linkRefused(error))
    content = (
      <Alert variant="danger" role="alert">
        {t('checkout.confirm.invalid')}
      </Alert>
    );
  else if (error || !data) content = <LoadFailed message={errorMessage(error)} onRetry={() => void refetch()} />;
  else
    content = (
      <ConfirmCard
        view={data}
        result={result}
        answering={answering}
        failed={failed}
        onAnswer={(value) => void answer({ token, answer: value })}
      />
    );

  return (
    <div className="container-lg py-4" style={{ maxWidth: '40rem' }}>
      <title>{t('checkout.confirm.documentTitle')}</title>
      <h1 className="page-title">{t('checkout.confirm.title')}</h1>
      {content}
    </div>
  );
}

function ConfirmCard({
  view,
  result,
  answering,
  failed,
  onAnswer,
}: {
  view: ConfirmationView;
  result: ConfirmationResult | undefined;
  answering: boolean;
  failed: boolean;
  onAnswer: (answer: ConfirmationAnswer) => void;
}) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const { order } = view;
  const status = result?.status ?? order.status;
  const open = status === 'awaiting_confirmation';
  return (
    <Card as="article" className="checkout-card" aria-labelledby="confirm-order">
      <Card.Header>
        <h2 id="confirm-order" className="h6 mb-0">
          {t('checkout.orders.number', { ref: orderRef(order._id) })}
        </h2>
      </Card.Header>
      <Card.Body>
        <ul className="list-unstyled mb-3">
          {order.products.map((line) => (
            <li key={line.variant?._id ?? line.productBrief.product_id ?? line.productBrief.name} className="mb-2">
              <Localized value={localized.name(line.productBrief)} />
              {line.variant && <VariantValues options={line.variant.options} />}
              <span className="d-block small text-body-secondary">
                <Price value={line.productBrief.price} /> · {t('checkout.review.quantity', { count: line.quantity })}
              </span>
            </li>
          ))}
        </ul>
        <p className="fw-semibold">
          {t('checkout.confirm.toPay')} <Price value={order.bill} />
        </p>
        <div aria-live="polite">
          {result ? (
            <Alert variant={result.changed ? 'success' : 'info'} className="mb-0">
              {result.changed
                ? t(result.status === 'confirmed' ? 'checkout.confirm.confirmed' : 'checkout.confirm.cancelled')
                : t('checkout.confirm.already', { status: t(`checkout.orders.status.${result.status}`) })}
            </Alert>
          ) : (
            !open && (
              <Alert variant="info" className="mb-0">
                {t('checkout.confirm.already', { status: t(`checkout.orders.status.${status}`) })}
              </Alert>
            )
          )}
          {failed && (
            <Alert variant="danger" className="mb-0 mt-2" role="alert">
              {t('common.loadFailed')}
            </Alert>
          )}
        </div>
        {open && !result && (
          <div className="d-flex flex-wrap gap-2">
            <Button variant="primary" disabled={answering} onClick={() => onAnswer('confirm')}>
              {t('checkout.confirm.confirm')}
            </Button>
            <Button variant="outline-danger" disabled={answering} onClick={() => onAnswer('cancel')}>
              {t('checkout.confirm.cancel')}
            </Button>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
