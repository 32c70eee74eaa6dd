import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { notify } from '../../../lib/notify';
import { updateUserSchema } from '@shop/contracts';
import { FormField } from '../../../components/FormField';
import { useSession } from '../../auth';
import { ProfileEditCard } from './ProfileEditCard';
import { useUpdateUserMutation } from '../api/accountApi';
import { paths } from '../../../lib/paths';

/** The one-field edits, checked by the API's own rules (the mobile has a page of its own: UpdatePhonePage). */
const FIELDS = {
  name: {
    title: 'account.edit.name',
    label: 'account.fields.name',
    done: 'account.updated.name',
    type: 'text',
    inputMode: 'text',
    autoComplete: 'name',
  },
  email: {
    title: 'account.edit.email',
    label: 'account.fields.email',
    done: 'account.updated.email',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
  },
} as const;

type Field = keyof typeof FIELDS;

function UpdateFieldPage({ field }: { field: Field }) {
  const { user } = useSession();
  if (!user) return <Navigate to={paths.login} replace />;
  return <UpdateFieldForm field={field} current={user[field] ?? ''} />;
}

function UpdateFieldForm({ field, current }: { field: Field; current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = FIELDS[field];
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(updateUserSchema), defaultValues: { [field]: current } });

  const submit = handleSubmit(async (values) => {
    try {
      await updateUser({ [field]: values[field] }).unwrap();
      notify.success(t(config.done));
      void navigate(paths.editProfile);
    } catch {
      // The alert shows the server's message.
    }
  });

  return (
    <ProfileEditCard title={t(config.title)} error={error} isLoading={isLoading} onSubmit={submit}>
      <FormField
        id={`update-${field}`}
        label={t(config.label)}
        type={config.type}
        inputMode={config.inputMode}
        autoComplete={config.autoComplete}
        registration={register(field)}
        error={errors[field]?.message}
      />
    </ProfileEditCard>
  );
}

export const UpdateNamePage = () => <UpdateFieldPage field="name" />;
export const UpdateEmailPage = () => <UpdateFieldPage field="email" />;
