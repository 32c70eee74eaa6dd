import type { InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { translateValidation } from '../i18n/validation';
import { useTranslation } from '../i18n/useTranslation';

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  hint?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'maxLength'>;

/** A labelled input whose rule message sits under it and is tied to it for screen readers. */
export function FormField({ id, label, error: rawError, registration, hint, ...input }: FormFieldProps) {
  // Subscribes to language changes, so the message follows the language.
  useTranslation();
  const error = translateValidation(rawError);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {hint && !error && (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
