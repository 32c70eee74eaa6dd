import { useId } from 'react';
import type { AdminOrderDetail } from '@shop/contracts';
import { Price } from '../../../components/Price';
import { useTranslation } from '../../../i18n/useTranslation';
import { AddressLines } from '../../checkout';
import { OrderDocumentHead } from '../../orders';
import { LineName } from './LineName';

/**
 * What goes into the parcel and where it goes, on paper: in the language the translator around it reads (the
 * order's, through InLanguage), marked with that language and direction. Prices stay off it but for the cash the
 * courier collects; the shopper's instructions for the courier are under the address, and where the shop let the
 * parcel be opened at the door when the order was placed, the slip says so to whoever delivers it. Shown only when
 * printed, but where it is what the page shows (`onScreen`: the packing slips of several orders, each titled under
 * the page's title).
 */
export function PackingSlip({ order, onScreen = false }: { order: AdminOrderDetail; onScreen?: boolean }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const pieces = order.products.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <article
      className={onScreen ? 'packing-slip' : 'packing-slip d-none d-print-block'}
      lang={i18n.language}
      dir={i18n.dir(i18n.language)}
      aria-labelledby={titleId}
    >
      <OrderDocumentHead
        kind="packing-slip"
        title={t('admin.packingSlip.title')}
        titleId={titleId}
        level={onScreen ? 2 : 1}
        order={order}
        facts={{ number: t('admin.packingSlip.order'), date: t('admin.packingSlip.date') }}
        addressLabel={t('admin.packingSlip.shipTo')}
        address={<AddressLines address={order.deliveryAddress} name={order.customer?.name} />}
      />
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
              <td className="line-name">
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
      {order.openBeforeAccepting && <p className="packing-slip-open">{t('admin.packingSlip.openBeforeAccepting')}</p>}
    </article>
  );
}
