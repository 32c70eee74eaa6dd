import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { registerSchema } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { useRegisterMutation } from '../api/authApi';
import { useSession } from '../useSession';
import { AuthCard } from './AuthCard';
import { PhoneSignIn } from './PhoneSignIn';
import { SignInReason } from './SignInReason';
import { FormField } from '../../../components/FormField';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { paths } from '../../../lib/paths';
import { returnPathOf } from '../returnPath';

/**
 * Every field is checked as it changes with the shared rules; submitting needs no error left. A shopper who came by
 * Add to Cart or the heart is told what making the account will do (SignInReason).
 */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Where the visitor was before the sign-in screens (carried from /login too), as signing in does.
  const state: unknown = useLocation().state;
  const next = returnPathOf(state);
  const { isSignedIn } = useSession();
  const [registerUser, { isLoading, error }] = useRegisterMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerSchema),
    mode: 'onChange',
    defaultValues: { name: '', email: '', phone: '', password: '', confirm_password: '' },
  });

  if (isSignedIn && !isLoading) return <Navigate to={next} replace />;

  const submit = handleSubmit(async (values) => {
    try {
      await registerUser(values).unwrap();
      void navigate(next);
    } catch {
      // The alert shows the failure.
    }
  });

  const serverDetail = errorMessage(error);
  return (
    <AuthCard
      withLogo
      title={t('auth.signup.title')}
      footer={
        <p className="mb-0">
          {t('auth.signup.haveAccount')}{' '}
          <Link to={paths.login} state={state} className="tap-inline">
            {t('auth.signup.signIn')}
          </Link>
        </p>
      }
    >
      <title>{t('shopPages.documentTitle', { title: t('auth.signup.title') })}</title>
      <SignInReason screen="signup" />
      <PhoneSignIn />
      {error && (
        <Alert variant="danger" role="alert">
          <p className="mb-0">{t('auth.signup.failed')}</p>
          {serverDetail && <p className="mb-0 small">{serverDetail}</p>}
        </Alert>
      )}
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          id="signup-name"
          label={t('auth.fields.name')}
          autoComplete="name"
          maxLength={100}
          registration={register('name')}
          error={errors.name?.message}
        />
        <FormField
          id="signup-email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <FormField
          id="signup-phone"
          label={t('auth.fields.phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          hint={t('auth.hints.phone')}
          registration={register('phone')}
          error={errors.phone?.message}
        />
        <NewPasswordFields
          idPrefix="signup"
          password={register('password', { deps: ['confirm_password'] })}
          confirm={register('confirm_password')}
          errors={{ password: errors.password?.message, confirm: errors.confirm_password?.message }}
        />
        <Button type="submit" variant="primary" className="w-100 mt-2" size="lg" disabled={isLoading}>
          {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('auth.signup.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
