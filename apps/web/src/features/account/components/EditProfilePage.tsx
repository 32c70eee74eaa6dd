import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate } from 'react-router';
import { localMobile } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { notify } from '../../../lib/notify';
import { useAppDispatch } from '../../../app/hooks';
import { errorMessage } from '../../../api/errors';
import { PencilIcon, TrashIcon } from '../../../components/icons';
import { signedOut, useSession } from '../../auth';
import { useDeleteAccountMutation } from '../api/accountApi';
import { paths } from '../../../lib/paths';
import { ContactChannelCard } from './ContactChannelCard';
import { DevicesCard } from './DevicesCard';

/** Account overview: each detail links to its own edit page; here the account signs out everywhere or is deleted. */
export function EditProfilePage() {
  const { t } = useTranslation();
  const { user, isAdmin } = useSession();
  const [confirming, setConfirming] = useState(false);
  // Once the account is deleted the page leads home, not to /login as it does for a visitor.
  const [deleted, setDeleted] = useState(false);
  if (!user) return <Navigate to={deleted ? paths.home : paths.login} replace />;

  const rows = [
    { label: t('account.fields.name'), value: user.name, to: paths.updateName, edit: t('account.edit.name') },
    { label: t('account.fields.email'), value: user.email, to: paths.updateEmail, edit: t('account.edit.email') },
    {
      label: t('account.fields.phone'),
      // As Egyptians write it (010…), as typed at sign-in, and left to right in an Arabic line: +20… showed its
      // plus at the wrong end.
      value: user.phone && <bdi dir="ltr">{localMobile(user.phone) ?? user.phone}</bdi>,
      to: paths.updatePhone,
      edit: t('account.edit.phone'),
      // Phone sign-in opens this account by this number: a code sent to it confirmed it.
      confirmed: !!user.verifiedPhone && localMobile(user.phone) === user.verifiedPhone,
    },
    {
      label: t('account.fields.password'),
      value: '••••••••',
      to: paths.updatePassword,
      edit: t('account.edit.password'),
    },
  ];

  return (
    <div className="container-sm py-4 narrow-page">
      <title>{t('shopPages.documentTitle', { title: t('account.profile.title') })}</title>
      <h1 className="page-title">{t('account.profile.title')}</h1>
      <Card className="mb-4">
        <ul className="list-group list-group-flush">
          {rows.map((row) => (
            <li key={row.to} className="list-group-item d-flex align-items-center justify-content-between gap-3 py-3">
              <div className="min-w-0">
                <div className="small text-body-secondary">{row.label}</div>
                <div className="fw-semibold text-break">
                  {row.value || t('account.profile.empty')}
                  {'confirmed' in row && row.confirmed && (
                    <span className="badge text-bg-success ms-2 align-middle">{t('account.phone.confirmed')}</span>
                  )}
                </div>
              </div>
              <Link to={row.to} className="btn btn-outline-primary btn-sm text-nowrap" aria-label={row.edit}>
                <PencilIcon size={14} className="me-1" />
                {t('account.profile.editButton')}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      {!isAdmin && (
        <Card className="mb-4">
          <Card.Body className="d-flex align-items-center justify-content-between gap-3">
            <div className="min-w-0">
              <h2 className="h6 mb-1">{t('account.addresses.title')}</h2>
              <p className="small text-body-secondary mb-0">{t('account.addresses.text')}</p>
            </div>
            <Link to={paths.addresses} className="btn btn-outline-primary btn-sm text-nowrap">
              {t('account.addresses.manage')}
            </Link>
          </Card.Body>
        </Card>
      )}
      <ContactChannelCard current={user.contactChannel} cartReminders={user.cartReminders} />
      <DevicesCard />
      <Card border="danger-subtle">
        <Card.Body>
          <h2 className="h6 text-danger">{t('account.delete.heading')}</h2>
          <p className="small text-body-secondary">{t('account.delete.warning')}</p>
          <Button variant="outline-danger" onClick={() => setConfirming(true)}>
            <TrashIcon size={16} className="me-1" />
            {t('account.delete.button')}
          </Button>
        </Card.Body>
      </Card>
      <DeleteAccountDialog show={confirming} onHide={() => setConfirming(false)} onDeleted={() => setDeleted(true)} />
    </div>
  );
}

function DeleteAccountDialog({
  show,
  onHide,
  onDeleted,
}: {
  show: boolean;
  onHide: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [deleteAccount, { isLoading, error }] = useDeleteAccountMutation();

  const confirm = async () => {
    try {
      await deleteAccount().unwrap();
      notify.success(t('account.delete.done'));
      // Signed out, the page's guard takes the former shopper home.
      onDeleted();
      dispatch(signedOut({ endedOnServer: true }));
    } catch {
      // The dialog shows the failure.
    }
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="delete-account-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="delete-account-title" as="h2" className="h5">
          {t('account.delete.confirmTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('account.delete.confirmText')}</p>
        {error && (
          <Alert variant="danger" className="mt-3 mb-0">
            {errorMessage(error) ?? t('common.sendFailed')}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={isLoading}>
          {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('account.delete.confirmButton')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
