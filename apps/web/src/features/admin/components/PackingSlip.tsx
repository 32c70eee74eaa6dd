import { orderRef, type AdminOrderDetail } from '@shop/contracts';
import { Logo } from '../../../components/Logo';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate } from '../../../lib/format';
import { AddressLines } from '../../checkout';
import { LineName } from './LineName';

/**
 * What goes into the parcel and where it goes, on paper: shown only when printed, in the language the
 * translator around it reads (the order's, through InLanguage), marked with that language and direction.
 * Prices stay off it but for the cash the courier collects.
 */
export function PackingSlip({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const ref = orderRef(order._id);
  const pieces = order.products.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <article
      className="packing-slip d-none d-print-block"
      lang={i18n.language}
      dir={i18n.dir(i18n.language)}
      aria-labelledby="packing-slip-title"
    >
      <header className="packing-slip-head">
        <Logo dark className="packing-slip-logo" />
        <h1 id="packing-slip-title" className="packing-slip-title">
          {t('admin.packingSlip.title')} <span dir="ltr">#{ref}</span>
        </h1>
      </header>
      <div className="packing-slip-parties">
        <dl className="packing-slip-facts">
          <div>
            <dt>{t('admin.packingSlip.order')}</dt>
            <dd dir="ltr">#{ref}</dd>
          </div>
          <div>
            <dt>{t('admin.packingSlip.date')}</dt>
            <dd>
              <time dateTime={order.createdAt}>{formatDate(order.createdAt, intlLocale(i18n.language))}</time>
            </dd>
          </div>
        </dl>
        <section aria-labelledby="packing-slip-to">
          <h2 id="packing-slip-to" className="packing-slip-label">
            {t('admin.packingSlip.shipTo')}
          </h2>
          <address className="packing-slip-address">
            <AddressLines address={order.deliveryAddress} name={order.customer?.name} />
          </address>
        </section>
      </div>
      <table className="packing-slip-lines">
        <caption>{t('admin.packingSlip.items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.packingSlip.product')}</th>
            <th scope="col" className="packing-slip-quantity">
              {t('admin.packingSlip.quantity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map(({ productBrief: product, quantity, variant }) => (
            <tr key={variant?._id ?? product.product_id ?? product.name}>
              <td>
                <LineName product={product} variant={variant} />
              </td>
              <td className="packing-slip-quantity">{quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>{t('admin.packingSlip.count', { count: pieces })}</td>
          </tr>
        </tfoot>
      </table>
      <p className="packing-slip-collect">
        {order.paymentMethod === 'cash' ? (
          <>
            {t('admin.packingSlip.collect')}: <Price value={order.bill} />
          </>
        ) : (
          t('admin.packingSlip.prepaid')
        )}
      </p>
    </article>
  );
}
