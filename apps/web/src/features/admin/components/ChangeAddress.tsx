import { useCallback, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { addressChangeable, orderRef, type AdminOrderDetail } from '@shop/contracts';
import { failureText } from '../../../api/errors';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';
import { useTranslation } from '../../../i18n/useTranslation';
import { notify } from '../../../lib/notify';
import { AddressForm } from '../../checkout';
import { useChangeOrderAddressMutation } from '../api/adminApi';
import { usePermissions } from '../permissions';

/**
 * Under the order page's delivery address, for a role that moves orders and until the order ships: its correction,
 * as the customer gives it on the phone, in the checkout's form, within the governorate its shipping fee was billed
 * for. A refusal (the order shipped meanwhile, its parcel being booked, another governorate) is said in the dialog,
 * which keeps what was typed; like the dashboard's other forms, only its buttons close it.
 */
export function ChangeAddress({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const { nameOf } = useGovernorateNames();
  const [open, setOpen] = useState(false);
  const [change, { isLoading, error, reset }] = useChangeOrderAddressMutation();
  const refusal = failureText(error, t('common.sendFailed'));
  // Once, as the refusal is shown: focused, so brought into view (on a phone the button pressed is a screen below it).
  const showRefusal = useCallback((alert: HTMLDivElement | null) => alert?.focus(), []);
  const allowed = can('orders.move') && addressChangeable(order.status);
  // An open dialog stays when the order is read again after a refusal (it shipped meanwhile), to say why.
  if (!allowed && !open) return null;

  const ref = `#${orderRef(order._id)}`;
  const close = () => {
    setOpen(false);
    reset();
  };
  return (
    <>
      {allowed && (
        <Button variant="outline-secondary" size="sm" className="mt-3" onClick={() => setOpen(true)}>
          {t('admin.order.changeAddress')}
        </Button>
      )}
      <Modal
        show={open}
        onHide={close}
        backdrop="static"
        keyboard={false}
        centered
        scrollable
        size="lg"
        aria-labelledby="change-address-title"
        className="dash-modal"
      >
        <Modal.Header>
          <Modal.Title id="change-address-title" as="h2" className="h5">
            {t('admin.order.changeAddressTitle', { ref })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">
            {t('admin.order.sameGovernorate', { governorate: nameOf(order.deliveryAddress.state) })}
          </p>
          {refusal && (
            <Alert variant="danger" tabIndex={-1} ref={showRefusal}>
              {refusal}
            </Alert>
          )}
          <AddressForm
            initial={order.deliveryAddress}
            submitLabel={t('admin.order.saveAddress')}
            busy={isLoading}
            placeFixed
            onSubmit={async (address) => {
              if ((await change({ id: order._id, address })).error) return;
              notify.success(t('admin.order.addressChanged', { ref }));
              close();
            }}
          >
            {/* Not while saving: an answer after the dialog closed would be said on its next opening. */}
            <Button variant="outline-secondary" size="lg" disabled={isLoading} onClick={close}>
              {t('admin.common.cancel')}
            </Button>
          </AddressForm>
        </Modal.Body>
      </Modal>
    </>
  );
}
