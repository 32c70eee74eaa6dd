import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { notify } from '../../../lib/notify';
import { NewPasswordFields, usePasswordPairForm } from '../../../components/NewPasswordFields';
import { useSession } from '../../auth';
import { ProfileEditCard } from './ProfileEditCard';
import { useChangePasswordMutation } from '../api/accountApi';
import { paths } from '../../../lib/paths';

export function UpdatePasswordPage() {
  const { isSignedIn } = useSession();
  if (!isSignedIn) return <Navigate to={paths.login} replace />;
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
  } = usePasswordPairForm();

  const submit = handleSubmit(async (values) => {
    try {
      await changePassword(values).unwrap();
      notify.success(t('account.updated.password'));
      void navigate(paths.editProfile);
    } catch {
      // The alert shows the server's message.
    }
  });

  return (
    <ProfileEditCard title={t('account.edit.password')} error={error} isLoading={isLoading} onSubmit={submit}>
      <NewPasswordFields
        idPrefix="update"
        passwordLabel={t('account.fields.newPassword')}
        password={register('password', { deps: ['confirm_password'] })}
        confirm={register('confirm_password')}
        errors={{ password: errors.password?.message, confirm: errors.confirm_password?.message }}
      />
    </ProfileEditCard>
  );
}
