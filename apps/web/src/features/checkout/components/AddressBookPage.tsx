import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import type { Address } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { EmptyState } from '../../../components/EmptyState';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { PageLoader } from '../../../components/PageLoader';
import { useTranslation } from '../../../i18n/useTranslation';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import {
  useAddAddressMutation,
  useDeleteAddressMutation,
  useGetAddressesQuery,
  useMakeDefaultAddressMutation,
  useUpdateAddressMutation,
} from '../api/checkoutApi';
import { toAddressInput } from '../checkoutStorage';
import { AddressForm, blankAddress } from './AddressForm';
import { AddressLines } from './AddressLines';
import { useShopper } from './ShopperOnly';
import '../../../styles/checkout.css';

/** What the page shows: the list, or the form of the address being added or edited. */
type Editing = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; address: Address };

/** /Addresses: the shopper's address book: edit, delete, and choose the default the checkout offers first. */
export function AddressBookPage() {
  const { t } = useTranslation();
  const user = useShopper();
  const { data: addresses, isLoading, error } = useGetAddressesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState<Editing>({ kind: 'list' });
  const [add, adding] = useAddAddressMutation();
  const [update, updating] = useUpdateAddressMutation();
  const failure = adding.error ?? updating.error;

  let content;
  if (editing.kind !== 'list') {
    const back = () => setEditing({ kind: 'list' });
    content = (
      <>
        <h2 className="h5 mb-3">{t(editing.kind === 'add' ? 'checkout.book.addTitle' : 'checkout.book.editTitle')}</h2>
        {failure && (
          <Alert variant="danger" role="alert">
            {errorMessage(failure) ?? t('common.loadFailed')}
          </Alert>
        )}
        <AddressForm
          initial={editing.kind === 'edit' ? toAddressInput(editing.address) : blankAddress(user.phone)}
          submitLabel={t('checkout.book.save')}
          busy={adding.isLoading || updating.isLoading}
          onSubmit={async (address) => {
            const saved =
              editing.kind === 'edit' ? await update({ id: editing.address._id, address }) : await add(address);
            if (saved.error) return;
            notify.success(t('checkout.book.saved'));
            back();
          }}
        >
          <Button variant="outline-secondary" size="lg" onClick={back}>
            {t('checkout.book.cancel')}
          </Button>
        </AddressForm>
      </>
    );
  } else if (isLoading) content = <PageLoader />;
  else if (error || !addresses)
    content = <Alert variant="danger">{errorMessage(error) ?? t('common.loadFailed')}</Alert>;
  else {
    content = (
      <>
        {addresses.length === 0 ? (
          <EmptyState title={t('checkout.shipping.none')}>
            <p className="mb-0">{t('checkout.book.emptyText')}</p>
          </EmptyState>
        ) : (
          <ul className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label={t('checkout.book.title')}>
            {addresses.map((address) => (
              <li key={address._id}>
                <AddressCard address={address} name={user.name} onEdit={() => setEditing({ kind: 'edit', address })} />
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="outline-primary"
          className="mt-3 d-inline-flex align-items-center"
          onClick={() => setEditing({ kind: 'add' })}
        >
          <PlusIcon size={18} className="me-2" />
          {t('checkout.shipping.add')}
        </Button>
      </>
    );
  }

  return (
    <div className="container-lg py-4 checkout-narrow">
      <title>{t('checkout.book.documentTitle')}</title>
      {/* A line of text, padded to a thumb's 44 px on a phone (tap-inline): its margin belongs to the paragraph. */}
      <p className="mb-3 small">
        <Link to={paths.editProfile} className="tap-inline">
          {t('checkout.book.backToAccount')}
        </Link>
      </p>
      <h1 className="page-title">{t('checkout.book.title')}</h1>
      {content}
    </div>
  );
}

function AddressCard({ address, name, onEdit }: { address: Address; name: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useDeleteAddressMutation();
  const [makeDefault, choosing] = useMakeDefaultAddressMutation();
  const headingId = `address-${address._id}`;
  const failure = removing.error ?? choosing.error;
  return (
    <Card as="article" className="checkout-card" aria-labelledby={headingId}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <address className="mb-0" id={headingId}>
            <AddressLines address={address} name={name} />
          </address>
          {address.isDefault && <Badge bg="primary">{t('checkout.book.default')}</Badge>}
        </div>
        {failure && (
          <Alert variant="danger" className="mt-2 mb-0 py-2 small" role="alert">
            {errorMessage(failure) ?? t('common.loadFailed')}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Button size="sm" variant="outline-primary" onClick={onEdit} aria-describedby={headingId}>
            <PencilIcon size={14} className="me-1" />
            {t('checkout.book.edit')}
          </Button>
          {!address.isDefault && (
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={choosing.isLoading}
              onClick={() => void makeDefault(address._id)}
              aria-describedby={headingId}
            >
              {t('checkout.book.makeDefault')}
            </Button>
          )}
          <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)} aria-describedby={headingId}>
            <TrashIcon size={14} className="me-1" />
            {t('checkout.book.delete')}
          </Button>
        </div>
      </Card.Body>
      <Modal show={confirming} onHide={() => setConfirming(false)} centered aria-labelledby={`${headingId}-delete`}>
        <Modal.Header closeButton closeLabel={t('checkout.book.cancel')}>
          <Modal.Title id={`${headingId}-delete`} as="h2" className="h5">
            {t('checkout.book.deleteTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <address className="mb-0">
            <AddressLines address={address} />
          </address>
        </Modal.Body>
        <Modal.Footer>
          {/* The dialog opens on its safe answer, so Enter never deletes by accident. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <Button variant="outline-secondary" onClick={() => setConfirming(false)} autoFocus>
            {t('checkout.book.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={removing.isLoading}
            onClick={() => {
              setConfirming(false);
              void remove(address._id);
            }}
          >
            {t('checkout.book.delete')}
          </Button>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}
