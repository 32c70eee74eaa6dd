import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { useForgotPasswordMutation } from '../api/authApi';
import { AuthCard } from './AuthCard';
import { FormField } from '../../../components/FormField';
import { paths } from '../../../lib/paths';

/** Success and failure both show the server's own message. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [requestReset, { data, error, isLoading }] = useForgotPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), mode: 'onChange', defaultValues: { email: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await requestReset(values).unwrap();
    } catch {
      // The alert shows the server's message.
    }
  });

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      footer={
        <p className="mb-0">
          <Link to={paths.login} className="tap-inline">
            {t('auth.forgot.back')}
          </Link>
        </p>
      }
    >
      <title>{t('shopPages.documentTitle', { title: t('auth.forgot.title') })}</title>
      <p className="text-body-secondary">{t('auth.forgot.intro')}</p>
      {data && (
        <Alert variant="success" role="status">
          {data.message}
        </Alert>
      )}
      {error && (
        <Alert variant="danger" role="alert">
          {errorMessage(error) ?? t('common.sendFailed')}
        </Alert>
      )}
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          id="forgot-email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <Button type="submit" variant="primary" className="w-100" size="lg" disabled={isLoading}>
          {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('auth.forgot.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
