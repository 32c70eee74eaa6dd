import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useNavigate } from 'react-router';
import { localMobile, type PhoneCodeChannel, type User } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { PhoneAndChannel, SentCode, useCodeStepFocus, useSession } from '../../auth';
import { useProvePhoneMutation, useSendPhoneCodeMutation, useUpdateUserMutation } from '../api/accountApi';

/**
 * The account's mobile: confirmed with a code sent to it (then phone sign-in opens this account, orders and all), or
 * saved as typed, which proves nothing (docs/decisions/phone-identity.md).
 */
export function UpdatePhonePage() {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.login} replace />;
  return <PhoneForm user={user} />;
}

function PhoneForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [send, sending] = useSendPhoneCodeMutation();
  const [prove, proving] = useProvePhoneMutation();
  const [save, saving] = useUpdateUserMutation();
  const [phone, setPhone] = useState(user.verifiedPhone ?? localMobile(user.phone) ?? user.phone);
  const [channel, setChannel] = useState<PhoneCodeChannel>('whatsapp');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const { codeInput, phoneInput, backToNumber } = useCodeStepFocus(sent, setSent);
  const error = sent ? proving.error : (sending.error ?? saving.error);
  // Saving another number as typed unlinks the confirmed one (the server does it): said before the button is pressed.
  const unlinks = !!user.verifiedPhone && (localMobile(phone) ?? phone) !== user.verifiedPhone;
  const title = t('account.edit.phone');

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    saving.reset();
    try {
      await send({ phone, channel }).unwrap();
      proving.reset();
      setCode('');
      setSent(true);
    } catch {
      // The alert shows the failure (a wrong number, or how long to wait).
    }
  };

  const saveTyped = async () => {
    sending.reset();
    try {
      // Typed the usual ways (+20…, spaces), a mobile is saved as the profile keeps it, 01….
      await save({ phone: localMobile(phone) ?? phone }).unwrap();
      notify.success(t('account.updated.phone'));
      void navigate(paths.editProfile);
    } catch {
      // The alert shows the server's message.
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    try {
      notify.success((await prove({ phone, code }).unwrap()).message);
      void navigate(paths.editProfile);
    } catch {
      // The alert shows the failure: a wrong or expired code, or a number another account confirmed.
    }
  };

  const busy = sending.isLoading || saving.isLoading;
  return (
    <div className="container-sm py-4 narrow-page">
      <title>{t('shopPages.documentTitle', { title })}</title>
      <h1 className="page-title">{title}</h1>
      <Card body>
        <p className={user.verifiedPhone ? 'text-success' : 'text-body-secondary'}>
          {user.verifiedPhone ? t('account.phone.proven', { phone: user.verifiedPhone }) : t('account.phone.unproven')}
        </p>
        {error && (
          <Alert variant="danger" role="alert">
            {errorMessage(error) ?? t('common.sendFailed')}
          </Alert>
        )}
        {!sent ? (
          <Form onSubmit={(event) => void sendCode(event)}>
            <PhoneAndChannel
              id="update-phone"
              label={t('account.fields.phone')}
              // The spec's numeric keypad: the number is typed as 01…, digits only.
              inputMode="numeric"
              phone={phone}
              onPhone={setPhone}
              channel={channel}
              onChannel={setChannel}
              inputRef={phoneInput}
            />
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={busy}>
                {sending.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {t('auth.phoneSignIn.send')}
              </Button>
              <Button
                variant="outline-primary"
                disabled={busy}
                onClick={() => void saveTyped()}
                aria-describedby={unlinks ? 'update-phone-unlinks' : undefined}
              >
                {saving.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {t('account.phone.saveTyped')}
              </Button>
              <Link to={paths.editProfile} className="btn btn-outline-secondary">
                {t('common.cancel')}
              </Link>
            </div>
            {unlinks && (
              <Form.Text id="update-phone-unlinks" as="p" className="mt-3 mb-0">
                {t('account.phone.unlinks', { phone: user.verifiedPhone ?? '' })}
              </Form.Text>
            )}
          </Form>
        ) : (
          <Form onSubmit={(event) => void confirm(event)}>
            <SentCode
              id="update-phone"
              phone={phone}
              onOtherNumber={backToNumber}
              code={code}
              onCode={setCode}
              inputRef={codeInput}
            />
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={proving.isLoading}>
                {proving.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                {t('account.phone.confirm')}
              </Button>
              <Link to={paths.editProfile} className="btn btn-outline-secondary">
                {t('common.cancel')}
              </Link>
            </div>
          </Form>
        )}
      </Card>
    </div>
  );
}
