import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { toEgp, toPiastres, type Order, type OrderEtaReceipt } from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { ChevronStartIcon, PrinterIcon } from '../../../components/icons';
import { Localized } from '../../../components/Localized';
import { VariantValues } from '../../../components/VariantValues';
import { Price } from '../../../components/Price';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { comingBackTo, useSession } from '../../auth';
import { AddressLines } from '../../checkout';
import { useGetOrderQuery } from '../api/ordersApi';
import { orderRef } from '../orderRef';
import { OrderBill } from './OrderBill';
import { OrderDocumentHead } from './OrderDocumentHead';
import { RefundNote } from './RefundNote';
import '../../../styles/invoice.css';

/**
 * /Orders/:id/invoice: an order's invoice, to read or print, for its shopper and for admins (the server
 * answers anyone else's as not found). Visitors go to /login and, signed in, come back here (an invoice link sent by
 * SMS or WhatsApp is opened signed out more often than not).
 */
export function InvoicePage() {
  const { t } = useTranslation();
  const { user, isSignedIn, isAdmin } = useSession();
  const { id = '' } = useParams();
  const location = useLocation();
  const { data: order, isLoading, error } = useGetOrderQuery(id, { skip: !isSignedIn });
  if (!user || !isSignedIn) return <Navigate to={paths.login} replace state={comingBackTo(location)} />;

  let content;
  if (isLoading) {
    content = (
      <div className="d-flex justify-content-center py-5" role="status">
        <Spinner animation="border" variant="primary" aria-hidden="true" />
        <span className="visually-hidden">{t('checkout.invoice.loading')}</span>
      </div>
    );
  } else if (error || !order) {
    content = (
      <Alert variant="danger" role="alert">
        <Alert.Heading as="h1" className="h6">
          {t('checkout.invoice.failed')}
        </Alert.Heading>
        <p className="mb-0">{errorMessage(error) ?? t('common.loadFailed')}</p>
      </Alert>
    );
  } else {
    // An admin reads someone else's invoice: the name on it would be theirs, not the shopper's.
    content = <Invoice order={order} customer={isAdmin ? undefined : user.name} />;
  }

  return (
    <div className="container-lg py-4 invoice-page">
      <div className="invoice-toolbar d-print-none">
        <Link
          to={isAdmin ? paths.dashboard : paths.orders}
          className="d-inline-flex align-items-center gap-1 small tap-inline"
        >
          <ChevronStartIcon size={16} />
          {t(isAdmin ? 'checkout.invoice.backToDashboard' : 'checkout.invoice.backToOrders')}
        </Link>
        {order && (
          <Button
            variant="primary"
            size="sm"
            className="d-inline-flex align-items-center gap-2"
            onClick={() => window.print()}
          >
            <PrinterIcon size={16} />
            {t('checkout.invoice.print')}
          </Button>
        )}
      </div>
      {content}
    </div>
  );
}

/** An e-receipt's QR code, opening it on the ETA's portal, with what it is. */
function EtaReceiptCode({ receipt, label }: { receipt: OrderEtaReceipt; label: string }) {
  return (
    <figure className="invoice-receipt">
      <a href={receipt.qrContent} target="_blank" rel="noreferrer">
        <img src={receipt.qrImage} width={120} height={120} alt={label} />
      </a>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function Invoice({ order, customer }: { order: Order; customer: string | undefined }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const ref = orderRef(order._id);
  const titleId = useId();
  return (
    <article className="invoice" aria-labelledby={titleId}>
      <title>{t('checkout.invoice.documentTitle', { ref })}</title>
      <OrderDocumentHead
        kind="invoice"
        title={t('checkout.invoice.title')}
        titleId={titleId}
        order={order}
        facts={{
          number: t('checkout.invoice.number'),
          date: t('checkout.invoice.date'),
          more: [
            [
              t('checkout.invoice.payment'),
              t(order.paymentMethod === 'visa' ? 'checkout.method.visa' : 'checkout.method.cash'),
            ],
            [t('checkout.invoice.status'), t(`checkout.orders.status.${order.status}`)],
          ],
        }}
        addressLabel={t('checkout.invoice.deliverTo')}
        address={<AddressLines address={order.deliveryAddress} name={customer} withInstructions={false} />}
      />

      {/* A phone stacks each line (invoice.css); a screen still narrower than the four columns scrolls the table, not
          the page. */}
      <div className="invoice-lines-scroll" role="region" aria-label={t('checkout.invoice.lines')} tabIndex={0}>
        <table className="invoice-lines">
          <caption className="visually-hidden">{t('checkout.invoice.lines')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('checkout.invoice.product')}</th>
              <th scope="col" className="invoice-number">
                {t('checkout.invoice.quantity')}
              </th>
              <th scope="col" className="invoice-number">
                {t('checkout.invoice.unitPrice')}
              </th>
              <th scope="col" className="invoice-number">
                {t('checkout.invoice.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.products.map(({ productBrief: product, quantity, variant }) => (
              <tr key={variant?._id ?? product.product_id ?? product.name}>
                <td className="line-name">
                  <Localized value={localized.name(product)} />
                  {variant && <VariantValues options={variant.options} className="mb-0" />}
                </td>
                <td className="invoice-number invoice-quantity">{quantity}</td>
                <td className="invoice-number">
                  <Price value={product.price} />
                </td>
                <td className="invoice-number">
                  <Price value={toEgp(toPiastres(product.price) * quantity)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <OrderBill order={order} kind="invoice" vat />

      {/* The e-receipts the Tax Authority holds for this sale and for money given back: each QR code opens it on
          the ETA's portal. */}
      {order.etaReceipt && <EtaReceiptCode receipt={order.etaReceipt} label={t('checkout.invoice.eReceipt')} />}
      {order.etaReturnReceipts?.map((receipt) => (
        <EtaReceiptCode key={receipt.uuid} receipt={receipt} label={t('checkout.invoice.eReturnReceipt')} />
      ))}

      <RefundNote order={order} className="invoice-refund-note" />
      <p className="invoice-thanks">{t('checkout.invoice.thanks')}</p>
    </article>
  );
}
