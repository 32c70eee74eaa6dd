import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordPairSchema } from '@shop/contracts';
import { useTranslation } from '../i18n/useTranslation';
import { FormField } from './FormField';

interface NewPasswordFieldsProps {
  idPrefix: string;
  passwordLabel?: string;
  /** `register('password', { deps: ['confirm_password'] })`, so the confirmation re-checks as the password changes. */
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}

/** A new password and its confirmation, as signup, the reset link and the password page ask for them. */
export function NewPasswordFields({ idPrefix, passwordLabel, password, confirm, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label={passwordLabel ?? t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.hints.password')}
        registration={password}
        error={errors.password}
      />
      <FormField
        id={`${idPrefix}-confirm`}
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        registration={confirm}
        error={errors.confirm}
      />
    </>
  );
}

/** The form of a page that asks only for a new password and its confirmation (the reset link, the password page). */
export const usePasswordPairForm = () =>
  useForm({
    resolver: zodResolver(passwordPairSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirm_password: '' },
  });
