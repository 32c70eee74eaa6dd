import { useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type Ref } from 'react';
import { flushSync } from 'react-dom';
import Form from 'react-bootstrap/Form';
import type { Said } from '@shop/contracts';
import { translateValidation } from '../../../i18n/validation';
import { useTranslation } from '../../../i18n/useTranslation';

type RequiredFieldProps = {
  /** The input's id; its message is `${id}-error` and its hint `${id}-hint`, as FormField names them. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The shared rule's message for the field left empty. */
  missing: Said;
  /** And for a value the browser finds of the wrong kind (an e-mail without its @), where the type makes it check. */
  wrong?: Said;
  /** Why the field is asked: stays beside its message, which does not say it again. */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The group's space below it. */
  className?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'dir'>;

/**
 * A field the browser requires, as the spec has the login's: the browser still refuses to submit its form, but the
 * shop says why, in the page's language, under the field and tied to it as FormField ties the shared rules' messages;
 * the browser's own bubble speaks the browser's language (English on an Arabic page) and vanishes unread. With every
 * bubble held back the browser moves the focus nowhere: the form's first refused field takes it, once its message is
 * there to be read with it.
 */
export function RequiredField({
  id,
  label,
  value,
  onChange,
  missing,
  wrong,
  hint,
  inputRef,
  className = 'mb-3',
  ...input
}: RequiredFieldProps) {
  // Subscribes to language changes, so the message follows the language.
  useTranslation();
  const [problem, setProblem] = useState<Said>();
  const problemOf = ({ valid, valueMissing }: ValidityState) =>
    valid ? undefined : valueMissing || !wrong ? missing : wrong;
  const error = translateValidation(problem);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined;

  const refused = (event: FormEvent<HTMLInputElement>) => {
    event.preventDefault();
    const field = event.currentTarget;
    flushSync(() => setProblem(problemOf(field.validity)));
    const first = [...(field.form?.elements ?? [])].find((element) => !(element as HTMLInputElement).validity.valid);
    if (first === field) field.focus();
  };
  const changed = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.value);
    // Once said, the message follows what is typed, and goes once the field is right.
    if (problem) setProblem(problemOf(event.target.validity));
  };

  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        required
        ref={inputRef}
        value={value}
        onChange={changed}
        onInvalid={refused}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {hint && <Form.Text id={`${id}-hint`}>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
