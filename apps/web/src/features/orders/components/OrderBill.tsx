import type { ReactNode } from 'react';
import { toEgp, toPiastres, VAT_PERCENT, vatIncluded, type Order } from '@shop/contracts';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate } from '../../../lib/format';

interface Props {
  order: Pick<Order, 'itemsTotal' | 'couponCode' | 'discount' | 'shipping' | 'codFee' | 'bill' | 'deposit' | 'refund'>;
  /** Where it is shown: it names the classes of its stylesheet (`invoice-totals`, `order-total`…). */
  kind: 'invoice' | 'order';
  className?: string;
  /** The VAT the bill includes, as the invoice states it. */
  vat?: boolean;
}

/** A row of the bill. */
const Row = ({ label, value, className }: { label: ReactNode; value: ReactNode; className?: string }) => (
  <div className={className}>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
);

/**
 * An order's bill as the shopper's invoice and the staff's order page both show it: the items, the coupon's discount,
 * shipping and the cash fee, the total; then a cash order's deposit and the rest due at the door, and any refund.
 */
export function OrderBill({ order, kind, className, vat = false }: Props) {
  const { t, i18n } = useTranslation();
  const { deposit, refund } = order;
  const less = (from: number, amount: number) => toEgp(toPiastres(from) - toPiastres(amount));
  return (
    <dl className={[`${kind}-totals`, className].filter(Boolean).join(' ')}>
      <Row label={t('checkout.invoice.itemsTotal')} value={<Price value={order.itemsTotal} />} />
      {order.couponCode && order.discount > 0 && (
        <Row
          label={t('checkout.invoice.discount', { code: order.couponCode })}
          value={
            <>
              −<Price value={order.discount} />
            </>
          }
        />
      )}
      <Row label={t('checkout.invoice.shipping')} value={<Price value={order.shipping} />} />
      {order.codFee > 0 && <Row label={t('checkout.invoice.codFee')} value={<Price value={order.codFee} />} />}
      <Row className={`${kind}-total`} label={t('checkout.invoice.total')} value={<Price value={order.bill} />} />
      {(deposit?.state === 'due' || deposit?.state === 'paid') && (
        <>
          <Row
            label={t(deposit.state === 'paid' ? 'checkout.invoice.depositPaid' : 'checkout.invoice.depositDue')}
            value={<Price value={deposit.amount} />}
          />
          <Row label={t('checkout.invoice.restDue')} value={<Price value={less(order.bill, deposit.amount)} />} />
        </>
      )}
      {refund && (
        <>
          <Row
            className={`${kind}-refund`}
            label={t('checkout.refund.invoiceRefunded', { date: formatDate(refund.at, intlLocale(i18n.language)) })}
            value={
              <>
                −<Price value={refund.amount} />
              </>
            }
          />
          <Row label={t('checkout.refund.invoiceNet')} value={<Price value={less(order.bill, refund.amount)} />} />
        </>
      )}
      {vat && (
        <Row
          className={`${kind}-vat`}
          label={t('checkout.invoice.vat', { rate: VAT_PERCENT })}
          value={<Price value={vatIncluded(order.bill)} />}
        />
      )}
    </dl>
  );
}
