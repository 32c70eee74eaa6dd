import { useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type Ref } from 'react';
import { flushSync } from 'react-dom';
import type { Said } from '@shop/contracts';
import { FormField } from '../../../components/FormField';

type RequiredFieldProps = {
  /** The input's id (FormField names its message and hint after it). */
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
 * shop says why, in the page's language, under the field and tied to it (FormField, as the shared rules' messages);
 * the browser's own bubble speaks the browser's language (English on an Arabic page) and vanishes unread. With every
 * bubble held back the browser moves the focus nowhere: the form's first refused field takes it, once its message is
 * there to be read with it.
 */
export function RequiredField({ value, onChange, missing, wrong, ...shown }: RequiredFieldProps) {
  const [problem, setProblem] = useState<Said>();
  const problemOf = ({ valid, valueMissing }: ValidityState) =>
    valid ? undefined : valueMissing || !wrong ? missing : wrong;

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
    <FormField {...shown} required error={problem} keepHint value={value} onChange={changed} onInvalid={refused} />
  );
}
