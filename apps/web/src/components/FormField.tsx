import type { InputHTMLAttributes, Ref } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { translateValidation } from '../i18n/validation';
import { useTranslation } from '../i18n/useTranslation';

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  /** react-hook-form's registration; a field of its own state passes its value, onChange and inputRef instead. */
  registration?: UseFormRegisterReturn;
  inputRef?: Ref<HTMLInputElement>;
  hint?: string;
  /** The hint says why the field is asked: it stays beside the message rather than give way to it. */
  keepHint?: boolean;
  /** The group's space below it. */
  className?: string;
  value?: string;
  /** Shown as text, not as a box: a value read, not asked (with readOnly). */
  plaintext?: boolean;
  /** A box of this many lines, for a few sentences, rather than one line (registered: `inputRef` is a line's). */
  rows?: number;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'dir' | 'required' | 'readOnly' | 'onChange' | 'onInvalid'
>;

/** A labelled input whose rule message sits under it and is tied to it for screen readers. */
export function FormField({
  id,
  label,
  error: rawError,
  registration,
  inputRef,
  hint,
  keepHint = false,
  className = 'mb-3',
  rows,
  ...input
}: FormFieldProps) {
  // Subscribes to language changes, so the message follows the language.
  useTranslation();
  const error = translateValidation(rawError);
  const hintShown = Boolean(hint) && (keepHint || !error);
  const describedBy = [hintShown ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined;
  const validity = { isInvalid: Boolean(error), 'aria-invalid': Boolean(error), 'aria-describedby': describedBy };
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {rows ? (
        <Form.Control as="textarea" rows={rows} {...input} {...registration} {...validity} />
      ) : (
        <Form.Control ref={inputRef} {...input} {...registration} {...validity} />
      )}
      {hintShown && (
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
