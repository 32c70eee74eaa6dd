import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { say } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorStatus } from '../../../api/errors';
import { useLoginMutation } from '../api/authApi';
import { useSession } from '../useSession';
import { AuthCard } from './AuthCard';
import { PhoneSignIn } from './PhoneSignIn';
import { RequiredField } from './RequiredField';
import { paths } from '../../../lib/paths';
import { returnPathOf } from '../returnPath';
import { SignInReason } from './SignInReason';

/**
 * E-mail and password are required by the browser, as the spec has it, in the shop's words (RequiredField); a failure
 * shows one fixed message. A shopper sent here by Add to Cart or the heart is told so (SignInReason).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const next = returnPathOf(state);
  const { isSignedIn } = useSession();
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (isSignedIn && !isLoading) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await login({ email, password }).unwrap();
      void navigate(next);
    } catch {
      // The alert shows the failure.
    }
  };

  return (
    <AuthCard
      withLogo
      title={t('auth.login.title')}
      footer={
        <p className="mb-0">
          {t('auth.login.newHere')}{' '}
          <Link to={paths.signup} state={state} className="tap-inline">
            {t('auth.login.createAccount')}
          </Link>
        </p>
      }
    >
      <title>{t('shopPages.documentTitle', { title: t('auth.login.title') })}</title>
      <SignInReason screen="login" />
      <PhoneSignIn />
      {error && (
        <Alert variant="danger" role="alert">
          {errorStatus(error) === 429 ? t('auth.login.tooMany') : t('auth.login.failed')}
        </Alert>
      )}
      <Form onSubmit={(event) => void submit(event)}>
        <RequiredField
          id="login-email"
          label={t('auth.fields.email')}
          missing={say.msg.required}
          wrong={say.msg.invalidEmail}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <RequiredField
          id="login-password"
          className="mb-2"
          label={t('auth.fields.password')}
          missing={say.msg.required}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <p className="text-end small mb-4">
          <Link to={paths.forgotPassword} className="tap-inline">
            {t('auth.login.forgot')}
          </Link>
        </p>
        <Button type="submit" variant="primary" className="w-100" size="lg" disabled={isLoading}>
          {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('auth.login.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
