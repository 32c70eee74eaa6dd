import { useState, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import {
  ORDER_MESSAGE_KINDS,
  ORDER_NOTE_MAX,
  orderRef,
  type AdminOrderDetail,
  type OrderMessageKind,
} from '@shop/contracts';
import { failureText } from '../../../api/errors';
import { PrinterIcon } from '../../../components/icons';
import { BackLink } from './BackLink';
import { ChangeAddress } from './ChangeAddress';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { InLanguage, useTranslation } from '../../../i18n/useTranslation';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { AddressLines } from '../../checkout';
import { OrderBill, useMoveReason } from '../../orders';
import { useAddOrderNoteMutation } from '../api/adminApi';
import { formatDateTime } from '../format';
import { usePermissions } from '../permissions';
import { useRoleName } from '../roleName';
import { useOrderToPrint } from '../useOrderToPrint';
import { OrderActions } from './OrderActions';
import { OwedBack } from './OwedBack';
import { EmailAddress } from './EmailAddress';
import { LineName } from './LineName';
import { PackingSlip } from './PackingSlip';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { PhoneRecordOf } from './PhoneRecord';
import { ScrollTable } from './ScrollTable';
import { StatusBadge } from './StatusBadge';
import { TrackingNumber } from './TrackingNumber';
import '../../../styles/packing-slip.css';

/**
 * /dashboard/orders/:id: one order, for whoever packs it and whoever answers the customer about it. What to
 * pack and where to, who bought it, what happened to it and what the customer was told, the moves this member
 * may make, and a packing slip that prints in the order's language (only the slip goes to paper).
 */
export function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useOrderToPrint(id);

  return (
    <>
      <BackLink to={paths.dashOrders}>{t('admin.order.back')}</BackLink>
      {/* Until the order is drawn, or when it cannot be, the page is still named (its tab and its heading). */}
      {(query.isError || !query.data) && <PageHeader title={t('admin.order.title', { ref: `#${orderRef(id)}` })} />}
      <QueryState query={query} lines={5} notFound={t('admin.order.notFound')}>
        {(order) => (
          <>
            <OrderView order={order} />
            <InLanguage language={order.language}>
              <PackingSlip order={order} />
            </InLanguage>
          </>
        )}
      </QueryState>
    </>
  );
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const ref = `#${orderRef(order._id)}`;
  const language = t(`admin.order.languages.${order.language}`);
  return (
    <div className="order-page d-print-none">
      <PageHeader
        title={t('admin.order.title', { ref })}
        subtitle={t('admin.order.placed', {
          date: formatDateTime(order.createdAt, locale),
          language,
        })}
      >
        <Button
          variant="primary"
          className="d-inline-flex align-items-center gap-2"
          onClick={() => window.print()}
          aria-describedby="slip-language"
        >
          <PrinterIcon size={16} />
          {t('admin.order.printSlip')}
        </Button>
        <Link to={paths.invoice(order._id)} className="btn btn-outline-secondary">
          {t('admin.order.invoice')}
        </Link>
      </PageHeader>
      <p id="slip-language" className="visually-hidden">
        {t('admin.order.slipLanguage', { language })}
      </p>
      {order.source !== 'web' && (
        <p>
          <span className="badge text-bg-light border">
            {t('admin.allOrders.source')}: {t(`admin.sources.${order.source}`)}
          </span>
        </p>
      )}
      {/* Items, then what to act on, then the story: in that order on a phone, the story under the items on wide screens. */}
      <div className="order-layout">
        <div className="order-layout-items">
          <OrderLines order={order} />
        </div>
        <div className="order-layout-side d-grid gap-3">
          <OrderMoves order={order} />
          <OrderCustomer order={order} />
          <Card id="order-address" title={t('checkout.invoice.deliverTo')}>
            <address className="mb-0">
              <AddressLines address={order.deliveryAddress} />
            </address>
            {/* What the courier asks and the shopper was told: on screen for whoever answers the phone. */}
            {order.openBeforeAccepting && (
              <p className="small text-body-secondary mt-2 mb-0">{t('admin.order.openBeforeAccepting')}</p>
            )}
            <ChangeAddress order={order} />
          </Card>
        </div>
        <div className="order-layout-story d-grid gap-3">
          {order.owedBack.length > 0 && (
            <Card id="order-owed-back" title={t('admin.order.owedBack')}>
              <OwedBack orderId={order._id} owed={order.owedBack} />
            </Card>
          )}
          <OrderNotes order={order} />
          <OrderHistory order={order} />
          <OrderMessages order={order} />
        </div>
      </div>
    </div>
  );
}

function OrderLines({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  return (
    <Card id="order-items" title={t('admin.order.items')} flush>
      <ScrollTable caption={t('admin.order.items')} className="table dash-table order-lines-table align-middle mb-0">
        <thead>
          <tr>
            <th scope="col">{t('checkout.invoice.product')}</th>
            <th scope="col" className="text-end">
              {t('checkout.invoice.quantity')}
            </th>
            <th scope="col" className="text-end">
              {t('checkout.invoice.unitPrice')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map(({ productBrief: product, quantity, variant }) => (
            <tr key={variant?._id ?? product.product_id ?? product.name}>
              <td className="dash-cell-name">
                <LineName product={product} variant={variant} />
              </td>
              <td className="text-end fw-semibold">{quantity}</td>
              <td className="text-end text-nowrap">
                <Price value={product.price} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <OrderBill order={order} kind="order" className="px-3 pb-3 mb-0" />
    </Card>
  );
}

/** The moves this member may make, as the orders list offers them: the next status, and a refund of what was paid. */
function OrderMoves({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  return (
    <Card id="order-state" title={t('admin.order.state')}>
      <p className="mb-1">
        <StatusBadge status={order.status} />
      </p>
      {order.trackingNumber && (
        <p className="small mb-1">
          {t('admin.order.tracking')} <TrackingNumber number={order.trackingNumber} url={order.trackingUrl} />
        </p>
      )}
      <p className="small text-body-secondary mb-0">
        {t('admin.order.payment')}: {t(`admin.orders.methods.${order.paymentMethod}`)}
      </p>
      <OrderActions order={order} />
    </Card>
  );
}

function OrderCustomer({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const { customer } = order;
  return (
    <Card id="order-customer" title={t('admin.order.customer')}>
      {customer ? (
        <dl className="order-facts mb-0">
          <div>
            <dt className="visually-hidden">{t('admin.allOrders.customer')}</dt>
            <dd className="fw-semibold" dir="auto">
              {customer.name}
            </dd>
          </div>
          <div>
            <dt>{t('admin.order.phone')}</dt>
            <dd>
              <a href={`tel:${customer.phone}`} className="tap-inline" dir="ltr">
                {customer.phone}
              </a>
            </dd>
          </div>
          {customer.email && (
            <div>
              <dt>{t('admin.order.email')}</dt>
              <dd className="text-break">
                <a href={`mailto:${customer.email}`} dir="ltr" className="tap-inline">
                  <EmailAddress address={customer.email} />
                </a>
              </dd>
            </div>
          )}
          {/* Asked for the e-receipt of a large order; the shop shows no more of it than its last digits. */}
          {order.nationalIdEnding && (
            <div>
              <dt>{t('admin.order.nationalId')}</dt>
              <dd>
                <span aria-hidden="true" dir="ltr">
                  ••••••••••{order.nationalIdEnding}
                </span>
                <span className="visually-hidden">
                  {t('admin.order.nationalIdEnding', { digits: order.nationalIdEnding })}
                </span>
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="text-body-secondary mb-0">{t('admin.allOrders.deletedAccount')}</p>
      )}
      {/* The delivery phone's, the number the courier calls: whether its parcels were taken or refused. */}
      <PhoneRecordOf phone={order.deliveryAddress.phone} className="mt-2" />
      {customer && can('customers.read') && (
        <p className="small mt-2 mb-0">
          <Link to={paths.userOrders(customer._id)} className="tap-inline">
            {t('admin.order.theirOrders')}
          </Link>
        </p>
      )}
    </Card>
  );
}

/** Every move, oldest first, with who made it and the words they gave. */
function OrderHistory({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const reasonOf = useMoveReason();
  const locale = intlLocale(i18n.language);
  return (
    <Card id="order-history" title={t('admin.order.history')}>
      <ol className="order-timeline list-unstyled mb-0">
        {order.statusHistory.map((move, index) => (
          <li key={`${move.at}-${index}`}>
            <StatusBadge status={move.status} />{' '}
            <time dateTime={move.at} className="small">
              {formatDateTime(move.at, locale)}
            </time>
            {move.actor && <span className="small text-body-secondary"> {t(`admin.order.actors.${move.actor}`)}</span>}
            {move.reason && (
              <span className="d-block small text-body-secondary" dir="auto">
                {t('admin.allOrders.reasonShown', { reason: reasonOf(move.reason) })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

const isKnownKind = (kind: string): kind is OrderMessageKind => ORDER_MESSAGE_KINDS.some((known) => known === kind);

/** What the customer was told about this order, on which channel, and how far each message got. */
function OrderMessages({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return (
    <Card id="order-messages" title={t('admin.order.messages')}>
      {!order.messages.length ? (
        <p className="text-body-secondary mb-0">{t('admin.order.noMessages')}</p>
      ) : (
        <ul className="order-timeline list-unstyled mb-0">
          {order.messages.map((message) => (
            <li key={message._id}>
              <span className="fw-semibold">
                {isKnownKind(message.kind) ? t(`admin.order.kinds.${message.kind}`) : message.kind}
              </span>{' '}
              <span className={`badge ${message.status === 'failed' ? 'text-bg-danger' : 'text-bg-light'}`}>
                {t(`admin.order.messageStatus.${message.status}`)}
              </span>
              <span className="d-block small text-body-secondary">
                {t('admin.order.messageTo', { channel: t(`admin.order.channels.${message.channel}`), to: message.to })}
                {' · '}
                <time dateTime={message.statusAt ?? message.createdAt}>
                  {formatDateTime(message.statusAt ?? message.createdAt, locale)}
                </time>
              </span>
              {message.status === 'failed' && message.lastError && (
                <span className="d-block small text-danger" dir="auto">
                  {t('admin.order.messageError', { error: message.lastError })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The team's notes on the order, oldest first, with who wrote each (and their role then) and when; a form to add one. */
function OrderNotes({ order }: { order: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const roleName = useRoleName();
  const { can } = usePermissions();
  return (
    <Card id="order-notes" title={t('admin.order.notes')}>
      {!order.notes.length ? (
        <p className="text-body-secondary">{t('admin.order.noNotes')}</p>
      ) : (
        <ol className="order-timeline list-unstyled">
          {order.notes.map((note) => (
            <li key={note._id}>
              <p className="order-note-text mb-1" dir="auto">
                {note.text}
              </p>
              <span className="d-block small text-body-secondary">
                {note.authorRole
                  ? t('admin.order.noteBy', {
                      name: note.authorName ?? t('admin.order.noteAuthorGone'),
                      // The note keeps a role's name; a built-in role's name is its key.
                      role: roleName({ key: note.authorRole, name: note.authorRole }),
                    })
                  : (note.authorName ?? t('admin.order.noteAuthorGone'))}
                {' · '}
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt, locale)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="small text-body-secondary mb-0">{t('admin.order.notesHelp')}</p>
      {can('orders.note') && <NoteForm orderId={order._id} />}
    </Card>
  );
}

function NoteForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [addNote, { isLoading, error, reset }] = useAddOrderNoteMutation();
  const refused = failureText(error, t('common.sendFailed'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A refusal is said under the field (the mutation's error), where the text to fix is.
    const added = await addNote({ id: orderId, text });
    if ('error' in added) return;
    setText('');
    notify.success(t('admin.order.noteAdded'));
  };

  return (
    <Form className="mt-3" onSubmit={(event) => void submit(event)}>
      <Form.Group controlId="order-note-text">
        <Form.Label>{t('admin.order.noteLabel')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          dir="auto"
          value={text}
          maxLength={ORDER_NOTE_MAX}
          isInvalid={Boolean(refused)}
          aria-invalid={Boolean(refused)}
          aria-describedby={refused ? 'order-note-error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (refused) reset();
          }}
        />
        {refused && (
          <Form.Control.Feedback id="order-note-error" type="invalid">
            {refused}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Button type="submit" size="sm" className="mt-2" disabled={isLoading || !text.trim()} aria-busy={isLoading}>
        {isLoading ? t('admin.order.addingNote') : t('admin.order.addNote')}
      </Button>
    </Form>
  );
}

/** One of the page's cards, named by its heading; `flush` for a table that runs to the card's edges. */
function Card({ id, title, flush, children }: { id: string; title: string; flush?: boolean; children: ReactNode }) {
  return (
    <section className={flush ? 'dash-card p-0' : 'dash-card'} aria-labelledby={id}>
      <h2 id={id} className={flush ? 'dash-card-title px-3 pt-3 mb-2' : 'dash-card-title'}>
        {title}
      </h2>
      {children}
    </section>
  );
}
