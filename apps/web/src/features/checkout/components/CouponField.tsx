import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import type { PaymentMethod } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { useTranslation } from '../../../i18n/useTranslation';
import { useLazyGetShippingQuoteQuery } from '../api/shippingApi';

interface CouponFieldProps {
  /** The coupon applied now, if any. */
  applied: string | undefined;
  /** The server's reason why the applied coupon no longer works (the cart changed, it ran out). */
  refused: string | null;
  state: string;
  method: PaymentMethod;
  onChange: (code: string | undefined) => void;
}

/**
 * The review's coupon box. A code is applied once the server has quoted the cart with it, so a code it
 * refuses never reaches the summary: its reason is shown under the box instead. An applied code shows
 * with a Remove button.
 */
export function CouponField({ applied, refused, state, method, onChange }: CouponFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [check, { isFetching }] = useLazyGetShippingQuoteQuery();

  const apply = async () => {
    const typed = code.trim();
    if (!typed) {
      setError(t('checkout.coupon.empty'));
      return;
    }
    const result = await check({ state, paymentMethod: method, coupon: typed });
    if (result.error) {
      setError(errorMessage(result.error) ?? t('common.loadFailed'));
      return;
    }
    setError(null);
    setCode('');
    onChange(result.data?.coupon ?? typed);
  };

  if (applied)
    return (
      <div className="coupon-applied mb-3" role="status">
        <div className="d-flex align-items-center justify-content-between gap-2">
          <span>
            {t('checkout.coupon.applied')}{' '}
            <strong dir="ltr" className="text-uppercase">
              {applied}
            </strong>
          </span>
          <Button variant="link" size="sm" className="p-0" onClick={() => onChange(undefined)}>
            {t('checkout.coupon.remove')}
          </Button>
        </div>
        {refused && <p className="small text-danger mb-0 mt-1">{refused}</p>}
      </div>
    );

  return (
    <Form
      className="mb-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <Form.Label htmlFor={id}>{t('checkout.coupon.label')}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          dir="ltr"
          isInvalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline-primary" disabled={isFetching}>
          {isFetching && <Spinner size="sm" className="me-1" aria-hidden="true" />}
          {t('checkout.coupon.apply')}
        </Button>
        {error && (
          <Form.Control.Feedback type="invalid" id={`${id}-error`} role="alert">
            {error}
          </Form.Control.Feedback>
        )}
      </InputGroup>
    </Form>
  );
}
