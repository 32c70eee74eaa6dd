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
import { updateUserSchema } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { FormField } from '../../auth/components/FormField';
import { useSession } from '../../auth/useSession';
import { useUpdateUserMutation } from '../api/accountApi';

/** The three one-field edits, checked by the API's own rules; the phone takes digits only (spec 2). */
const FIELDS = {
  name: { title: 'account.edit.name', label: 'account.fields.name', done: 'account.updated.name', type: 'text', inputMode: 'text', autoComplete: 'name' },
  email: { title: 'account.edit.email', label: 'account.fields.email', done: 'account.updated.email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { title: 'account.edit.phone', label: 'account.fields.phone', done: 'account.updated.phone', type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
} as const;

type Field = keyof typeof FIELDS;

function UpdateFieldPage({ field }: { field: Field }) {
  const { user } = useSession();
  if (!user) return <Navigate to="/login" replace />;
  return <UpdateFieldForm field={field} current={user[field]} />;
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
      void navigate('/EditProfile');
    } catch {
      // The alert shows the server's message.
    }
  });

  return (
    <div className="container-sm py-4 narrow-page">
      <title>{t(config.title)}</title>
      <h1 className="page-title">{t(config.title)}</h1>
      <Card body>
        {error && <Alert variant="danger">{errorMessage(error)}</Alert>}
        <Form noValidate onSubmit={(event) => void submit(event)}>
          <FormField
            id={`update-${field}`}
            label={t(config.label)}
            type={config.type}
            inputMode={config.inputMode}
            autoComplete={config.autoComplete}
            registration={register(field)}
            error={errors[field]?.message}
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

export const UpdateNamePage = () => <UpdateFieldPage field="name" />;
export const UpdateEmailPage = () => <UpdateFieldPage field="email" />;
export const UpdatePhonePage = () => <UpdateFieldPage field="phone" />;
