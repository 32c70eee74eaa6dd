import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { ConfirmationItem, ConfirmationOutcome } from '@shop/contracts';
import { Localized } from '../../../components/Localized';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../auth';
import { InstructionsLine, PlaceLine } from '../../checkout';
import {
  useClaimConfirmationMutation,
  useGetConfirmationsQuery,
  useRecordConfirmationMutation,
} from '../api/confirmationsApi';
import { shortId } from '../format';
import { notifyOutcome } from '../notifyOutcome';
import { usePermissions } from '../permissions';
import { ConfirmDialog } from './ConfirmDialog';
import { OrderNumber } from './OrderNumber';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { PhoneRecordLine } from './PhoneRecord';

/**
 * Confirmations: cash orders waiting for their shopper's word, oldest first. An agent takes one (ten minutes, nobody
 * else meanwhile), calls the number, and records what the call gave.
 */
export function ConfirmationsPage() {
  const { t } = useTranslation();
  const query = useGetConfirmationsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <>
      <PageHeader title={t('admin.confirmations.title')} subtitle={t('admin.confirmations.subtitle')}>
        <Button variant="outline-secondary" size="sm" onClick={() => void query.refetch()}>
          {t('admin.confirmations.refresh')}
        </Button>
      </PageHeader>
      <QueryState
        query={query}
        empty={{ title: t('admin.confirmations.empty'), when: (answer) => !answer.items.length }}
      >
        {(answer) => (
          <ul className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label={t('admin.confirmations.title')}>
            {answer.items.map((item) => (
              <li key={item.order._id}>
                <ConfirmationCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

const OUTCOMES: ConfirmationOutcome[] = ['confirmed', 'no_answer', 'wrong_number', 'cancelled'];
/** The outcomes that call the order off, giving back a deposit paid: only a role that gives refunds records them then. */
const CANCELLING: readonly ConfirmationOutcome[] = ['wrong_number', 'cancelled'];

function ConfirmationCard({ item }: { item: ConfirmationItem }) {
  const { t, i18n } = useTranslation();
  const localized = useLocalized();
  const { user } = useSession();
  const { can, loaded } = usePermissions();
  const [claim, { isLoading: claiming }] = useClaimConfirmationMutation();
  const [record, { isLoading: recording }] = useRecordConfirmationMutation();
  const [reason, setReason] = useState('');
  // An outcome that cancels the order is asked about first: it cannot be undone, and a phone's thumb may miss No answer.
  const [asking, setAsking] = useState<ConfirmationOutcome | null>(null);
  const { order } = item;
  const mine = item.claim?.agentId === user?._id;
  const headingId = `confirm-${order._id}`;
  const address = order.deliveryAddress;
  const depositPaid = order.deposit?.state === 'paid';
  const mayCancel = !depositPaid || can('orders.refund');
  const outcomes = mayCancel ? OUTCOMES : OUTCOMES.filter((outcome) => !CANCELLING.includes(outcome));

  const recordCall = async (outcome: ConfirmationOutcome) => {
    const recorded = await notifyOutcome(
      record({ orderId: order._id, body: { outcome, ...(reason.trim() ? { reason: reason.trim() } : {}) } }).unwrap(),
      t(`admin.confirmations.recorded.${outcome}`),
    );
    if (recorded) setAsking(null);
  };

  return (
    <article className="dash-card" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="h6 mb-1">
            <OrderNumber id={order._id} /> · {item.customerName ?? t('admin.confirmations.noName')}
          </h2>
          <p className="small text-body-secondary mb-1">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, intlLocale(i18n.language))}</time> ·{' '}
            <PlaceLine address={address} />
          </p>
          {/* Confirmed with the customer on the call, as the courier will read them. */}
          {address.instructions && (
            <p className="small mb-1">
              <InstructionsLine instructions={address.instructions} />
            </p>
          )}
          <a href={`tel:${item.phone}`} className="fw-semibold tap-inline" dir="ltr">
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
            {depositPaid && <Badge bg="info">{t('admin.confirmations.depositPaid')}</Badge>}
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
          <div className="d-flex flex-wrap gap-3" role="group" aria-label={t('admin.confirmations.outcome')}>
            {outcomes.map((outcome) => (
              <Button
                key={outcome}
                size="sm"
                variant={
                  outcome === 'confirmed' ? 'success' : outcome === 'no_answer' ? 'outline-secondary' : 'outline-danger'
                }
                disabled={recording}
                onClick={() => (CANCELLING.includes(outcome) ? setAsking(outcome) : void recordCall(outcome))}
              >
                {t(`admin.confirmations.outcomes.${outcome}`)}
              </Button>
            ))}
          </div>
          {loaded && !mayCancel && (
            <p className="small text-body-secondary mb-0">{t('admin.confirmations.depositBackNotAllowed')}</p>
          )}
          <ConfirmDialog
            show={asking !== null}
            title={t('admin.confirmations.cancelTitle', { id: shortId(order._id) })}
            confirmLabel={t('admin.confirmations.cancelConfirm')}
            dismissLabel={t('admin.confirmations.keepOrder')}
            busy={recording}
            onConfirm={() => asking && void recordCall(asking)}
            onCancel={() => setAsking(null)}
          >
            <p className="mb-0">
              {t('admin.confirmations.cancelText', {
                outcome: asking ? t(`admin.confirmations.outcomes.${asking}`) : '',
              })}
            </p>
          </ConfirmDialog>
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
