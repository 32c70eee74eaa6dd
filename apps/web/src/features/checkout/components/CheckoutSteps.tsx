import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { CheckIcon } from './checkoutIcons';
import { paths } from '../../../lib/paths';

const STEPS = [
  { label: 'checkout.steps.signIn', to: null },
  { label: 'checkout.steps.shipping', to: paths.shippingAddress },
  { label: 'checkout.steps.payment', to: paths.payment },
  { label: 'checkout.steps.placeOrder', to: paths.placeOrder },
] as const;

export type CheckoutStep = 1 | 2 | 3 | 4;

/**
 * The checkout progress (Sign in, Shipping, Payment, Place order). Every step up to `step`
 * is reached; the ones before it are done and link back, so the shopper can change an earlier
 * choice. Signing in is done by being here, so it has no link.
 */
export function CheckoutSteps({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('checkout.steps.label')} className="checkout-steps mb-4">
      <ol className="checkout-steps-list list-unstyled mb-0">
        {STEPS.map(({ label, to }, index) => {
          const number = index + 1;
          const reached = number <= step;
          const current = number === step;
          const marker = (
            <>
              <span className="checkout-step-marker" aria-hidden="true">
                {reached && !current ? <CheckIcon size={16} /> : number}
              </span>
              <span className="checkout-step-label">
                {reached && !current && <span className="visually-hidden">{t('checkout.steps.done')} </span>}
                {t(label)}
              </span>
            </>
          );
          return (
            <li
              key={label}
              className="checkout-step"
              data-reached={reached}
              aria-current={current ? 'step' : undefined}
            >
              {to && reached && !current ? (
                <Link to={to} className="checkout-step-link">
                  {marker}
                </Link>
              ) : (
                <span className="checkout-step-link">{marker}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
