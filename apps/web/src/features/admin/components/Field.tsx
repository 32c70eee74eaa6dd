import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { translateValidation } from '../../../i18n/validation';
import { useTranslation } from '../../../i18n/useTranslation';

/** What the control inside a Field spreads onto itself so its state and message reach screen readers. */
interface FieldControlProps {
  isInvalid: boolean;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FieldProps {
  /** The control's id: Form.Group hands it to the Form.Control or Form.Select inside. */
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled control of any kind (input, textarea, select, file) with its rule message under it. */
export function Field({ id, label, error: rawError, hint, className = 'mb-3', children }: FieldProps) {
  // Subscribes to language changes, so the message follows the language.
  useTranslation();
  const error = translateValidation(rawError);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children({ isInvalid: Boolean(error), 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {/* The rule message first, right under the control it is about; the standing hint after it. */}
      <Form.Control.Feedback type="invalid" id={`${id}-error`} className={error ? 'd-block' : undefined}>
        {error}
      </Form.Control.Feedback>
      {hint && (
        <Form.Text id={`${id}-hint`} muted className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
