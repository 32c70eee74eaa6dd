import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../i18n/useTranslation';
import { Field } from './Field';

interface ArabicFieldProps {
  id: string;
  kind: 'name' | 'description';
  registration: UseFormRegisterReturn;
  error?: string;
}

/**
 * The optional Arabic name or description of a department, category or product: typed right to
 * left whatever the dashboard's language; left empty, the storefront shows the English one.
 */
export function ArabicField({ id, kind, registration, error }: ArabicFieldProps) {
  const { t } = useTranslation();
  const multiline = kind === 'description';
  return (
    <Field id={id} label={t(multiline ? 'admin.form.descriptionAr' : 'admin.form.nameAr')} error={error}>
      {(a11y) => (
        <Form.Control
          {...a11y}
          {...registration}
          dir="rtl"
          lang="ar"
          maxLength={multiline ? 5000 : 200}
          {...(multiline ? { as: 'textarea', rows: 3 } : {})}
        />
      )}
    </Field>
  );
}
