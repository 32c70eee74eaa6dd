import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import type { PaymentMethod } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { Price } from '../../../components/Price';
import type { FeeLine, OrderTotals } from '../orderTotals';
import { PaymentMethodLabel } from './PaymentMethodLabel';

/**
 * The right-hand column of /PlaceOrder and /Stripe: the payment method and the Order
 * Summary. With card payment the two fee lines stay visible but shaded, so the shopper
 * sees what paying by card saves. Until the fees are known their lines and the total
 * are placeholders, announced once as being worked out.
 */
export function OrderSummary({
  totals,
  method,
  children,
}: {
  totals: OrderTotals;
  method: PaymentMethod;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="checkout-card checkout-aside">
      <Card.Body>
        <div className="d-flex justify-content-between gap-2 pb-3 mb-3 border-bottom">
          <span className="text-body-secondary">{t('checkout.summary.paymentMethod')}</span>
          <PaymentMethodLabel method={method} className="fw-semibold" />
        </div>
        <h2 className="h5 mb-3">{t('checkout.summary.title')}</h2>
        <dl className="summary-list mb-3">
          <div className="summary-row">
            <dt>{t('checkout.summary.items', { count: totals.itemCount })}</dt>
            <dd>
              <Price value={totals.itemsTotal} />
            </dd>
          </div>
          {totals.discount && (
            <div className="summary-row summary-discount">
              <dt>{t('checkout.summary.discount', { code: totals.discount.code })}</dt>
              <dd>
                −<Price value={totals.discount.amount} />
              </dd>
            </div>
          )}
          <FeeRow label={t('checkout.summary.shipping')} fee={totals.shipping} />
          <FeeRow label={t('checkout.summary.codFee')} fee={totals.codFee} />
          <div className="summary-row summary-total">
            <dt>{t('checkout.summary.total')}</dt>
            <dd data-testid="order-total" aria-busy={totals.total === null}>
              {totals.total === null ? (
                <Pending label={t('checkout.summary.calculating')} />
              ) : (
                <Price value={totals.total} />
              )}
            </dd>
          </div>
        </dl>
        {children}
      </Card.Body>
    </Card>
  );
}

/** A figure not known yet: a glowing bar, and for screen readers what is happening (when `label` is given). */
function Pending({ label }: { label?: string }) {
  return (
    <Placeholder as="span" animation="glow" className="summary-pending" role={label ? 'status' : undefined}>
      <Placeholder xs={12} aria-hidden="true" />
      {label && <span className="visually-hidden">{label}</span>}
    </Placeholder>
  );
}

function FeeRow({ label, fee }: { label: string; fee: FeeLine | null }) {
  const { t } = useTranslation();
  if (!fee) {
    return (
      <div className="summary-row">
        <dt>{label}</dt>
        <dd>
          <Pending />
        </dd>
      </div>
    );
  }
  // Nothing to pay whatever the method (free shipping over the threshold): "Free", not a struck-out zero.
  if (fee.amount === 0) {
    return (
      <div className="summary-row" data-charged={false}>
        <dt>{label}</dt>
        <dd>{t('checkout.summary.free')}</dd>
      </div>
    );
  }
  return (
    <div className={`summary-row${fee.charged ? '' : ' summary-row-waived'}`} data-charged={fee.charged}>
      <dt>
        {label}
        {!fee.charged && <span className="d-block small">{t('checkout.summary.notCharged')}</span>}
      </dt>
      <dd>
        <Price value={fee.amount} />
      </dd>
    </div>
  );
}
