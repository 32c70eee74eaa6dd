import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ORDER_TRANSITIONS, type OrderStatus } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { useSetOrderStatusMutation } from '../api/adminApi';
import { notifyOutcome } from '../notifyOutcome';
import { shortId } from '../format';

/**
 * Moves an order one step along the state machine: only the moves ORDER_TRANSITIONS allows are
 * offered, and the server, which checks again, has the last word (its refusal is shown as is).
 */
export function OrderStatusControl({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const { t } = useTranslation();
  const [next, setNext] = useState<OrderStatus | ''>('');
  const [setStatus, { isLoading }] = useSetOrderStatusMutation();
  const moves = ORDER_TRANSITIONS[status];
  if (!moves.length) return null;

  const selectId = `order-${orderId}-next`;
  const move = async () => {
    if (!next) return;
    if (
      await notifyOutcome(
        setStatus({ id: orderId, status: next }).unwrap(),
        t('admin.orders.moved', { id: shortId(orderId), status: t(`admin.status.${next}`) }),
      )
    )
      setNext('');
  };

  return (
    <Form
      className="status-control d-flex gap-2 mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        void move();
      }}
    >
      <Form.Label htmlFor={selectId} className="visually-hidden">
        {t('admin.orders.moveLabel', { id: shortId(orderId) })}
      </Form.Label>
      <Form.Select
        id={selectId}
        size="sm"
        value={next}
        onChange={(event) => setNext(moves.find((move) => move === event.target.value) ?? '')}
      >
        <option value="">{t('admin.orders.moveTo')}</option>
        {moves.map((status) => (
          <option key={status} value={status}>
            {t(`admin.status.${status}`)}
          </option>
        ))}
      </Form.Select>
      <Button type="submit" size="sm" variant="primary" disabled={!next || isLoading}>
        {isLoading && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        {t('admin.orders.move')}
      </Button>
    </Form>
  );
}
