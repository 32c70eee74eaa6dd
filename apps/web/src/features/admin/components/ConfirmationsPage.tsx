import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import type { ConfirmationItem, ConfirmationOutcome } from '@shop/contracts';
import { Localized } from '../../../components/Localized';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../auth';
import {
  useClaimConfirmationMutation,
  useGetConfirmationsQuery,
  useRecordConfirmationMutation,
} from '../api/confirmationsApi';
import { notifyOutcome } from '../notifyOutcome';
import { OrderNumber } from './OrderNumber';
import { LoadFailed } from './LoadFailed';
import { PageHeader } from './PageHeader';
import { PhoneRecordLine } from './PhoneRecord';

/**
 * Confirmations: cash orders waiting for their shopper's word, oldest first. An agent takes one (ten minutes, nobody
 * else meanwhile), calls the number, and records what the call gave.
 */
export function ConfirmationsPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetConfirmationsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  let content;
  if (isLoading)
    content = (
      <div className="dash-card" role="status" aria-label={t('common.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          <Placeholder key={index} as="p" animation="glow">
            <Placeholder xs={4} /> <Placeholder xs={6} />
          </Placeholder>
        ))}
      </div>
    );
  else if (isError || !data) content = <LoadFailed onRetry={() => void refetch()} />;
  else if (!data.items.length)
    content = <p className="dash-card text-body-secondary">{t('admin.confirmations.empty')}</p>;
  else
    content = (
      <ul className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label={t('admin.confirmations.title')}>
        {data.items.map((item) => (
          <li key={item.order._id}>
            <ConfirmationCard item={item} />
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <PageHeader title={t('admin.confirmations.title')} subtitle={t('admin.confirmations.subtitle')}>
        <Button variant="outline-secondary" size="sm" onClick={() => void refetch()}>
          {t('admin.confirmations.refresh')}
        </Button>
      </PageHeader>
      {content}
    </>
  );
}

const OUTCOMES: ConfirmationOutcome[] = ['confirmed', 'no_answer', 'wrong_number', 'cancelled'];

function ConfirmationCard({ item }: { item: ConfirmationItem }) {
  const { t, i18n } = useTranslation();
  const localized = useLocalized();
  const { user } = useSession();
  const [claim, { isLoading: claiming }] = useClaimConfirmationMutation();
  const [record, { isLoading: recording }] = useRecordConfirmationMutation();
  const [reason, setReason] = useState('');
  const { order } = item;
  const mine = item.claim?.agentId === user?._id;
  const headingId = `confirm-${order._id}`;
  const address = order.deliveryAddress;

  const recordCall = (outcome: ConfirmationOutcome) =>
    void notifyOutcome(
      record({ orderId: order._id, body: { outcome, ...(reason.trim() ? { reason: reason.trim() } : {}) } }).unwrap(),
      t(`admin.confirmations.recorded.${outcome}`),
    );

  return (
    <article className="dash-card" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="h6 mb-1">
            <OrderNumber id={order._id} /> · {item.customerName ?? t('admin.confirmations.noName')}
          </h2>
          <p className="small text-body-secondary mb-1">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, intlLocale(i18n.language))}</time> ·{' '}
            {address.city}, {address.state}
          </p>
          <a href={`tel:${item.phone}`} className="fw-semibold" dir="ltr">
            {item.phone}
          </a>
          <PhoneRecordLine record={item.record} className="mt-1" />
        </div>
        <div className="text-end">
          <Price value={order.bill} className="fw-semibold d-block" />
          <div className="d-flex flex-wrap gap-1 justify-content-end mt-1">
            {item.attempts > 0 && (
              <Badge bg="secondary">{t('admin.confirmations.attempts', { count: item.attempts })}</Badge>
            )}
            {item.windowEnded && (
              <Badge bg="warning" text="dark">
                {t('admin.confirmations.windowEnded')}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <ul className="small mb-2 mt-2 ps-3">
        {order.products.map((line) => (
          <li key={line.variant?._id ?? line.productBrief.product_id ?? line.productBrief.name}>
            <Localized value={localized.name(line.productBrief)} /> × {line.quantity}
          </li>
        ))}
      </ul>
      {item.claim && !mine ? (
        <p className="small text-body-secondary mb-0" role="status">
          {t('admin.confirmations.takenBy', { name: item.claim.agentName })}
        </p>
      ) : mine ? (
        <div className="d-flex flex-column gap-2">
          <Form.Group controlId={`${headingId}-reason`}>
            <Form.Label className="small">{t('admin.confirmations.reason')}</Form.Label>
            <Form.Control size="sm" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </Form.Group>
          <div className="d-flex flex-wrap gap-2" role="group" aria-label={t('admin.confirmations.outcome')}>
            {OUTCOMES.map((outcome) => (
              <Button
                key={outcome}
                size="sm"
                variant={
                  outcome === 'confirmed' ? 'success' : outcome === 'no_answer' ? 'outline-secondary' : 'outline-danger'
                }
                disabled={recording}
                onClick={() => recordCall(outcome)}
              >
                {t(`admin.confirmations.outcomes.${outcome}`)}
              </Button>
            ))}
          </div>
        </div>
      ) : (
        <Button
          size="sm"
          variant="primary"
          disabled={claiming}
          onClick={() => void notifyOutcome(claim(order._id).unwrap(), t('admin.confirmations.taken'))}
        >
          {t('admin.confirmations.take')}
        </Button>
      )}
    </article>
  );
}
