import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { useCheckResetLinkQuery, useResetPasswordMutation } from '../api/authApi';
import { AuthCard } from './AuthCard';
import { NewPasswordFields, usePasswordPairForm } from '../../../components/NewPasswordFields';
import { paths } from '../../../lib/paths';

/** The link is checked on load; only a valid one shows the form. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const { id = '', token = '' } = useParams();
  const check = useCheckResetLinkQuery({ id, token }, { refetchOnMountOrArgChange: true });

  if (check.isLoading) return <PageLoader />;
  if (check.isError) {
    return (
      <div className="container-sm py-5 text-center">
        <title>{t('shopPages.documentTitle', { title: t('auth.reset.notFound') })}</title>
        <h1 className="display-6">{t('auth.reset.notFound')}</h1>
        <p className="text-body-secondary">{t('auth.reset.notFoundHelp')}</p>
        <Link to={paths.forgotPassword} className="btn btn-primary">
          {t('auth.reset.askAgain')}
        </Link>
      </div>
    );
  }
  return <ResetForm id={id} token={token} />;
}

function ResetForm({ id, token }: { id: string; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [resetPassword, { error, isLoading }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = usePasswordPairForm();

  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await resetPassword({ id, token, ...values }).unwrap();
      notify.success(message);
      void navigate(paths.login);
    } catch {
      // The alert shows the server's message.
    }
  });

  return (
    <AuthCard title={t('auth.reset.title')}>
      <title>{t('shopPages.documentTitle', { title: t('auth.reset.title') })}</title>
      {error && (
        <Alert variant="danger" role="alert">
          {errorMessage(error) ?? t('common.sendFailed')}
        </Alert>
      )}
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <NewPasswordFields
          idPrefix="reset"
          password={register('password', { deps: ['confirm_password'] })}
          confirm={register('confirm_password')}
          errors={{ password: errors.password?.message, confirm: errors.confirm_password?.message }}
        />
        <Button type="submit" variant="primary" className="w-100" size="lg" disabled={isLoading}>
          {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('auth.reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
