import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { BaseSyntheticEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { notifyOutcome } from './notifyOutcome';

export type AdminForm<Schema extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<
  z.input<Schema>,
  unknown,
  z.output<Schema>
> & {
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  close: () => void;
};

/**
 * A dashboard form: its shared rule checks every field on change, on blur and on submit ('all');
 * `submit` sends the values and toasts the outcome; after a success, or on `close`, the form empties
 * and `onDone` runs (a dialog closes).
 */
export function useAdminForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  send: (values: z.output<Schema>) => Promise<unknown>,
  success: string,
  onDone?: () => void,
): AdminForm<Schema> {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues,
  });
  const close = () => {
    form.reset();
    onDone?.();
  };
  const submit = form.handleSubmit(async (values) => {
    if (await notifyOutcome(send(values), success)) close();
  });
  return { ...form, submit, close };
}
