import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { ETA_BUYER_ID_THRESHOLD, nationalIdSchema, say } from '@shop/contracts';
import { intlLocale } from '../../../i18n';
import { translateValidation } from '../../../i18n/validation';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatPrice } from '../../../lib/format';

/** The entry as the order sends it: 14 Latin digits, or null while it is not a national ID. */
export function nationalIdOf(entry: string): string | null {
  const parsed = nationalIdSchema.safeParse(entry);
  return parsed.success ? parsed.data : null;
}

/** What is wrong with the entry, as a shared rule's message; null once it is a national ID. */
function problemOf(entry: string): string | null {
  if (!entry.trim()) return say.msg.required;
  const parsed = nationalIdSchema.safeParse(entry);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? say.rule.nationalIdLength);
}

/**
 * The buyer's national ID, asked where the server's quote says the order's e-receipt needs it (an order of
 * ETA_BUYER_ID_THRESHOLD or more, where the shop issues e-receipts): why it is asked, under the label; the shared
 * rule's message once the field is left or the order is tried (`showError`). Arabic-Indic digits are welcome.
 */
export function NationalIdField({
  id,
  value,
  onChange,
  showError,
  label,
  why,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The order was tried: say what is wrong even before the field was left. */
  showError: boolean;
  /** The dashboard's wording; the checkout's by default. */
  label?: string;
  why?: string;
}) {
  const { t, i18n } = useTranslation();
  const [left, setLeft] = useState(false);
  const problem = left || showError ? problemOf(value) : null;
  const error = problem ? translateValidation(problem) : undefined;
  const threshold = formatPrice(ETA_BUYER_ID_THRESHOLD, intlLocale(i18n.language));
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label ?? t('checkout.nationalId.label')}</Form.Label>
      <Form.Text id={`${id}-why`} as="p" className="d-block mt-0 mb-2" muted>
        {why ?? t('checkout.nationalId.why', { threshold })}
      </Form.Text>
      <Form.Control
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setLeft(true)}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        dir="ltr"
        required
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-why ${id}-error` : `${id}-why`}
      />
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
