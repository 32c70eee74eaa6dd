import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useLocation, useNavigate } from 'react-router';
import type { StaffInvitationView } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { useStartPhoneSignInMutation } from '../../auth';
import { useAcceptInvitationMutation, useViewInvitationQuery } from '../api/staffApi';
import { useRoleName } from '../roleName';

/**
 * Where an invitation's link leads (/staff/accept#token): it says which role the owner offers, and asks for what
 * accepting needs: a name and password for a new e-mail account, the account's own password for an existing one,
 * or a code sent to the invited mobile. Accepted, the member is signed in and lands in the dashboard.
 */
export function StaffAcceptPage() {
  const { t } = useTranslation();
  const token = useLocation().hash.slice(1);
  const view = useViewInvitationQuery(token, { skip: !token });
  if (view.isLoading) return <PageLoader />;
  return (
    <div className="container-sm py-4 py-md-5" style={{ maxWidth: '32rem' }}>
      <title>{t('shopPages.documentTitle', { title: t('admin.accept.title') })}</title>
      <h1 className="page-title mb-3">{t('admin.accept.title')}</h1>
      {!token || view.isError || !view.data ? (
        <Alert variant="warning">{t('admin.accept.invalid')}</Alert>
      ) : (
        <AcceptForm token={token} invitation={view.data} />
      )}
    </div>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: StaffInvitationView }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const navigate = useNavigate();
  const [accept, { error, isLoading }] = useAcceptInvitationMutation();
  const [sendCode, sending] = useStartPhoneSignInMutation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const byPhone = Boolean(invitation.phone);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = byPhone ? { token, code } : { token, password };
    try {
      await accept({ ...body, ...(invitation.hasAccount ? {} : { name }) }).unwrap();
      void navigate(paths.dashboard);
    } catch {
      // The alert shows the server's message.
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} className="dash-card">
      <p>
        {t('admin.accept.offer', { role: roleName(invitation.role) })}{' '}
        <bdi dir="ltr">{invitation.email ?? invitation.phone}</bdi>
      </p>
      {error && <Alert variant="danger">{errorMessage(error) ?? t('common.sendFailed')}</Alert>}
      {!invitation.hasAccount && (
        <Form.Group className="mb-3" controlId="accept-name">
          <Form.Label>{t('admin.accept.name')}</Form.Label>
          <Form.Control required autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        </Form.Group>
      )}
      {byPhone ? (
        <>
          <Button
            variant="outline-primary"
            className="mb-3"
            disabled={sending.isLoading}
            onClick={() => void sendCode({ phone: invitation.phone ?? '', channel: 'sms' })}
          >
            {t('admin.accept.sendCode')}
          </Button>
          {sending.isSuccess && <p className="small text-body-secondary">{t('admin.accept.codeSent')}</p>}
          {sending.error && <Alert variant="danger">{errorMessage(sending.error) ?? t('common.sendFailed')}</Alert>}
          <Form.Group className="mb-3" controlId="accept-code">
            <Form.Label>{t('admin.accept.code')}</Form.Label>
            <Form.Control
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              dir="ltr"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </Form.Group>
        </>
      ) : (
        <Form.Group className="mb-3" controlId="accept-password">
          <Form.Label>{t(invitation.hasAccount ? 'admin.accept.ownPassword' : 'admin.accept.newPassword')}</Form.Label>
          <Form.Control
            required
            type="password"
            autoComplete={invitation.hasAccount ? 'current-password' : 'new-password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {!invitation.hasAccount && <Form.Text>{t('admin.accept.passwordRule')}</Form.Text>}
        </Form.Group>
      )}
      <Button type="submit" disabled={isLoading}>
        {t('admin.accept.submit')}
      </Button>
    </Form>
  );
}
