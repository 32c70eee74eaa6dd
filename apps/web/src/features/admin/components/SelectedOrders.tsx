import { useEffect, useRef, useState, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { canTransition, type AdminOrder } from '@shop/contracts';
import { failureText } from '../../../api/errors';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { useSetOrderStatusMutation } from '../api/adminApi';
import { usePermissions } from '../permissions';
import { useCourierName } from '../useCourierName';
import { ConfirmDialog } from './ConfirmDialog';
import { OrderNumber } from './OrderNumber';

/** Where shipping the chosen orders stands: how many were asked so far, and those the server refused, with its reason. */
interface Shipping {
  total: number;
  asked: number;
  refused: { id: string; reason: string }[];
}

/** A confirmed cash order or a paid one, with no refund waiting on the provider: what the courier may take. */
const shippable = (order: AdminOrder) => !order.refundPending && canTransition(order.status, 'shipped', 'admin');

/**
 * Above the orders' list: a box that chooses every order of the page (each row has its own), and what the orders
 * chosen can be given at once: their packing slips, printed together, and, where the shop books a courier, a parcel
 * each. Each order ships through the same request as its own Move, one after the other, as a member shipping them by
 * hand would; the server's refusal of one is said beside its number and the others go on. Leaving the list (another
 * screen, page or filter) stops what is left.
 */
export function SelectedOrders({
  orders: shown,
  refreshing,
  selected,
  onSelect,
}: {
  orders: AdminOrder[];
  /** The list is being asked again: until it answers, an order just shipped still looks shippable. */
  refreshing: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
}) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  // Shipping is offered to a role that moves orders, where the shop books a courier.
  const courierName = useCourierName();
  const courier = can('orders.move') ? courierName : null;
  const [setStatus] = useSetOrderStatusMutation();
  const [asking, setAsking] = useState(false);
  const [shipping, setShipping] = useState<Shipping | null>(null);
  const left = useRef(false);
  // Where focus goes once the dialog has closed: the button that opened it is disabled while the orders ship.
  const progress = useRef<HTMLDivElement>(null);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);

  const orders = shown.filter((order) => selected.has(order._id));
  const every = orders.length === shown.length;
  const ready = orders.filter(shippable);
  const busy = shipping !== null && shipping.asked < shipping.total;
  if (!shown.length && !shipping) return null;

  const ship = async () => {
    setAsking(false);
    const refused: Shipping['refused'] = [];
    setShipping({ total: ready.length, asked: 0, refused });
    for (const [index, order] of ready.entries()) {
      if (left.current) return;
      const moved = await setStatus({ id: order._id, status: 'shipped' });
      const reason = failureText(moved.error, t('common.sendFailed'));
      if (reason) refused.push({ id: order._id, reason });
      setShipping({ total: ready.length, asked: index + 1, refused: [...refused] });
    }
  };

  return (
    <section className="selected-orders dash-card mb-3" aria-label={t('admin.allOrders.selection')}>
      {/* The box and the count on one side; the actions, together, beside them or on a line of their own. */}
      <div className="d-flex flex-wrap align-items-center gap-2 column-gap-4">
        <Form.Check
          id="orders-choose-all"
          className="mb-0"
          label={t('admin.allOrders.chooseAll')}
          checked={orders.length > 0 && every}
          ref={(box: HTMLInputElement | null) => {
            if (box) box.indeterminate = orders.length > 0 && !every;
          }}
          disabled={busy}
          onChange={() => onSelect(new Set(every ? [] : shown.map((order) => order._id)))}
        />
        {orders.length > 0 && (
          <>
            <strong className="me-auto">{t('admin.allOrders.selected', { count: orders.length })}</strong>
            <div className="d-flex flex-wrap gap-2">
              <Link
                to={paths.dashPackingSlipsOf(...orders.map((order) => order._id))}
                className="btn btn-outline-primary"
              >
                {t('admin.allOrders.printSlips')}
              </Link>
              {courier && (
                <Button
                  variant="primary"
                  disabled={!ready.length || busy || refreshing}
                  onClick={() => setAsking(true)}
                >
                  {t('admin.allOrders.shipWith', { courier, count: ready.length })}
                </Button>
              )}
              <Button
                variant="outline-secondary"
                disabled={busy}
                onClick={() => {
                  setShipping(null);
                  onSelect(new Set());
                }}
              >
                {t('admin.allOrders.clearSelection')}
              </Button>
            </div>
          </>
        )}
      </div>
      {/* Before shipping: after, the orders shipped are among those that no longer can. */}
      {courier && !shipping && ready.length < orders.length && (
        <p className="small text-body-secondary mb-0 mt-2">
          {t('admin.allOrders.notShippable', { count: orders.length - ready.length })}
        </p>
      )}
      <ShippingProgress ref={progress} shipping={shipping} courier={courier ?? ''} />
      <ConfirmDialog
        show={asking}
        title={t('admin.allOrders.shipTitle', { courier: courier ?? '', count: ready.length })}
        confirmLabel={t('admin.allOrders.shipConfirm')}
        busy={busy}
        focusAfterDone={progress}
        onConfirm={() => {
          void ship();
          return true;
        }}
        onCancel={() => setAsking(false)}
      >
        {t('admin.allOrders.shipText', { courier: courier ?? '' })}
      </ConfirmDialog>
    </section>
  );
}

/**
 * How far the shipping went, said as it goes (a live region, which takes the focus when the shipping starts), then
 * what was shipped and what was not, and why: in the look of an alert, not in its role, which would say it twice.
 */
function ShippingProgress({
  ref,
  shipping,
  courier,
}: {
  ref: RefObject<HTMLDivElement | null>;
  shipping: Shipping | null;
  courier: string;
}) {
  const { t } = useTranslation();
  const done = shipping !== null && shipping.asked === shipping.total;
  return (
    <div ref={ref} role="status" tabIndex={-1}>
      {shipping && !done && (
        <p className="mb-0 mt-2">{t('admin.allOrders.shipping', { asked: shipping.asked, total: shipping.total })}</p>
      )}
      {shipping && done && (
        <div className={`alert alert-${shipping.refused.length ? 'warning' : 'success'} mb-0 mt-2`}>
          <p className="mb-0">
            {t('admin.allOrders.shipped', { count: shipping.total - shipping.refused.length, courier })}
          </p>
          {shipping.refused.length > 0 && (
            <>
              <p className="mb-1 mt-2">{t('admin.allOrders.refused', { count: shipping.refused.length })}</p>
              <ul className="mb-0">
                {shipping.refused.map(({ id, reason }) => (
                  <li key={id}>
                    <Link to={paths.dashOrder(id)}>
                      <OrderNumber id={id} />
                    </Link>
                    : {reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
