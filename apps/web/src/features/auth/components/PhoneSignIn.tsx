import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useLocation, useNavigate } from 'react-router';
import { say, type PhoneCodeChannel } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { useStartPhoneSignInMutation, useVerifyPhoneMutation } from '../api/authApi';
import { returnPathOf } from '../returnPath';
import { PhoneAndChannel, SentCode, useCodeStepFocus } from './PhoneCodeFields';
import { RequiredField } from './RequiredField';

/**
 * "Continue with your phone": a code by WhatsApp or SMS, then the code (and a name, when the server says the number
 * has no account yet). The server reads the number in any usual writing, Arabic-Indic digits included.
 */
export function PhoneSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const next = returnPathOf(useLocation().state);
  const [start, starting] = useStartPhoneSignInMutation();
  const [verify, verifying] = useVerifyPhoneMutation();
  const [phone, setPhone] = useState('');
  const [channel, setChannel] = useState<PhoneCodeChannel>('whatsapp');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  // The server's answer to a right code for a number with no account yet: the same code, with a name, makes one.
  const [needsName, setNeedsName] = useState(false);
  const error = sent ? verifying.error : starting.error;

  const { codeInput, phoneInput, backToNumber } = useCodeStepFocus(sent, setSent);

  // A new number starts afresh: the last code's refusal (and its asking for a name) was about the number before.
  const otherNumber = () => {
    verifying.reset();
    setCode('');
    setName('');
    setNeedsName(false);
    backToNumber();
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    verifying.reset();
    try {
      await start({ phone, channel }).unwrap();
      setSent(true);
    } catch {
      // The alert shows the failure (a wrong number, or how long to wait).
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await verify({ phone, code, ...(name ? { name } : {}) }).unwrap();
      if ('nameNeeded' in answer) setNeedsName(true);
      else void navigate(next);
    } catch {
      // The alert shows the failure.
    }
  };

  return (
    <section aria-labelledby="phone-sign-in-title" className="mb-4">
      <h2 id="phone-sign-in-title" className="h5 mb-3">
        {t('auth.phoneSignIn.title')}
      </h2>
      {error && (
        <Alert variant="danger" role="alert">
          {errorMessage(error) ?? t('common.sendFailed')}
        </Alert>
      )}
      {!sent ? (
        <Form onSubmit={(event) => void send(event)}>
          <PhoneAndChannel
            id="phone-sign-in"
            label={t('auth.phoneSignIn.phone')}
            inputMode="tel"
            phone={phone}
            onPhone={setPhone}
            channel={channel}
            onChannel={setChannel}
            inputRef={phoneInput}
          />
          <Button type="submit" variant="primary" className="w-100" size="lg" disabled={starting.isLoading}>
            {starting.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('auth.phoneSignIn.send')}
          </Button>
        </Form>
      ) : (
        <Form onSubmit={(event) => void submit(event)}>
          <SentCode
            id="phone-sign-in"
            phone={phone}
            onOtherNumber={otherNumber}
            code={code}
            onCode={setCode}
            inputRef={codeInput}
          />
          {needsName && (
            <RequiredField
              id="phone-sign-in-name"
              label={t('auth.phoneSignIn.name')}
              missing={say.msg.required}
              hint={t('auth.phoneSignIn.needName')}
              autoComplete="name"
              value={name}
              onChange={setName}
            />
          )}
          <Button type="submit" variant="primary" className="w-100" size="lg" disabled={verifying.isLoading}>
            {verifying.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('auth.phoneSignIn.submit')}
          </Button>
        </Form>
      )}
      <p className="text-center text-body-secondary mt-4 mb-0">{t('auth.phoneSignIn.orEmail')}</p>
    </section>
  );
}
