import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useTranslation } from 'react-i18next';
import { passwordPairSchema } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { NewPasswordFields } from '../../auth/components/NewPasswordFields';
import { useSession } from '../../auth/useSession';
import { useChangePasswordMutation } from '../api/accountApi';

export function UpdatePasswordPage() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <Navigate to="/login" replace />;
  return <UpdatePasswordForm />;
}

function UpdatePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [changePassword, { isLoading, error }] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordPairSchema), mode: 'onChange', defaultValues: { password: '', confirm_password: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await changePassword(values).unwrap();
      notify.success(t('account.updated.password'));
      void navigate('/EditProfile');
    } catch {
      // The alert shows the server's message.
    }
  });

  return (
    <div className="container-sm py-4 narrow-page">
      <title>{t('account.edit.password')}</title>
      <h1 className="page-title">{t('account.edit.password')}</h1>
      <Card body>
        {error && <Alert variant="danger">{errorMessage(error)}</Alert>}
        <Form noValidate onSubmit={(event) => void submit(event)}>
          <NewPasswordFields
            idPrefix="update"
            passwordLabel={t('account.fields.newPassword')}
            password={register('password', { deps: ['confirm_password'] })}
            confirm={register('confirm_password')}
            errors={{ password: errors.password?.message, confirm: errors.confirm_password?.message }}
          />
          <div className="d-flex gap-2">
            <Button type="submit" variant="primary" disabled={isLoading}>
              {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {t('common.save')}
            </Button>
            <Link to="/EditProfile" className="btn btn-outline-secondary">
              {t('common.cancel')}
            </Link>
          </div>
        </Form>
      </Card>
    </div>
  );
}
