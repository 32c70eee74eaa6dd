import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { moneyBackOf, nextStatuses, type Order, type OrderStatus } from '@shop/contracts';
import type { TextKey } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { useSetOrderStatusMutation } from '../api/adminApi';
import { notifyOutcome } from '../notifyOutcome';
import { usePermissions } from '../permissions';
import { shortId } from '../format';
import { useCourierName } from '../useCourierName';

/** A return request is answered, not moved along: its two moves read as the admin's decision. */
const optionLabel = (from: OrderStatus, to: OrderStatus): TextKey =>
  from === 'return_requested'
    ? to === 'returned'
      ? 'admin.orders.acceptReturn'
      : 'admin.orders.refuseReturn'
    : `admin.status.${to}`;

/**
 * Moves an order one step along the state machine: only the moves contracts' ORDER_MOVES allows an admin are
 * offered, and the server, which checks again, has the last word (its refusal is shown as is). Shipping takes
 * the tracking number of a parcel sent by hand; left blank, the server books the shop's courier, or, with
 * none configured, asks for the number. A cancellation or the answer to a return request may say why. Cancelling
 * that gives money back (a paid order's bill, a cash order's deposit) is offered only to a role that gives refunds,
 * as the server allows it; to any other the control says why it is missing.
 */
export function OrderStatusControl({
  orderId,
  status,
  deposit,
}: {
  orderId: string;
  status: OrderStatus;
  deposit?: Order['deposit'];
}) {
  const { t } = useTranslation();
  const { can, loaded } = usePermissions();
  const [next, setNext] = useState<OrderStatus | ''>('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [reason, setReason] = useState('');
  const [setStatus, { isLoading }] = useSetOrderStatusMutation();
  const courier = useCourierName();
  // A refund gives money back, so it is the Refund button's, never a bare change of status.
  const allowed = nextStatuses(status, 'admin').filter((to) => to !== 'refunded');
  const withheld = can('orders.refund') ? null : moneyBackOf({ status, depositState: deposit?.state }, 'cancelled');
  const moves = withheld ? allowed.filter((to) => to !== 'cancelled') : allowed;
  const selectId = `order-${orderId}-next`;
  // Said once the role is known: until then nothing is offered that it may not allow.
  const whyText =
    loaded && withheld && allowed.includes('cancelled')
      ? t(withheld === 'bill' ? 'admin.orders.cancelGivesBillBack' : 'admin.orders.cancelGivesDepositBack')
      : null;
  // Cancelling was the only move (an order awaiting confirmation): the reason it is missing stands alone.
  if (!moves.length) return whyText && <p className="form-text mt-2 mb-0">{whyText}</p>;

  const id = shortId(orderId);
  const why = whyText ? `${selectId}-why` : undefined;
  const shipping = next === 'shipped';
  const explains = next === 'cancelled' || (next !== '' && status === 'return_requested');
  // Without a courier to book, shipping needs the number of the parcel sent by hand.
  const ready = next !== '' && !(shipping && !courier && !trackingNumber.trim());

  const move = async () => {
    if (!next || !ready) return;
    const done = await notifyOutcome(
      setStatus({
        id: orderId,
        status: next,
        ...(shipping && trackingNumber.trim() && { trackingNumber: trackingNumber.trim() }),
        ...(explains && reason.trim() && { reason: reason.trim() }),
      }).unwrap(),
      t('admin.orders.moved', { id, status: t(`admin.status.${next}`) }),
    );
    if (done) {
      setNext('');
      setTrackingNumber('');
      setReason('');
    }
  };

  return (
    <Form
      className="status-control d-flex flex-wrap gap-2 mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        void move();
      }}
    >
      <Form.Label htmlFor={selectId} className="visually-hidden">
        {t('admin.orders.moveLabel', { id })}
      </Form.Label>
      <Form.Select
        id={selectId}
        size="sm"
        aria-describedby={why}
        value={next}
        onChange={(event) => setNext(moves.find((move) => move === event.target.value) ?? '')}
      >
        <option value="">{t('admin.orders.moveTo')}</option>
        {moves.map((to) => (
          <option key={to} value={to}>
            {t(optionLabel(status, to))}
          </option>
        ))}
      </Form.Select>
      {shipping && (
        <Form.Control
          size="sm"
          maxLength={100}
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
          placeholder={
            courier ? t('admin.orders.trackingNumber', { courier }) : t('admin.orders.trackingNumberRequired')
          }
          aria-label={t('admin.orders.trackingLabel', { id })}
          dir="ltr"
        />
      )}
      {explains && (
        <Form.Control
          size="sm"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder={t('admin.orders.reason')}
          aria-label={t('admin.orders.reasonLabel', { id })}
        />
      )}
      <Button type="submit" size="sm" variant="primary" disabled={!ready || isLoading}>
        {isLoading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        {t('admin.orders.move')}
      </Button>
      {why && (
        <Form.Text id={why} className="w-100 mt-0">
          {whyText}
        </Form.Text>
      )}
    </Form>
  );
}
