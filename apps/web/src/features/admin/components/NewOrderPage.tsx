import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import {
  egyptianMobile,
  localMobile,
  ETA_BUYER_ID_THRESHOLD,
  LANGUAGES,
  languageOf,
  labelVariant,
  orderRef,
  STAFF_ORDER_MAX_QUANTITY,
  STAFF_ORDER_SOURCES,
  STAFF_PAYMENT_METHODS,
  variantValues,
  type AddressInput,
  type Language,
  type PhoneCustomer,
  type Product,
  type StaffOrderItem,
  type StaffOrderSource,
  type StaffPaymentMethod,
} from '@shop/contracts';
import { errorMessage } from '../../../api/errors';
import { Localized } from '../../../components/Localized';
import { Price } from '../../../components/Price';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { intlLocale } from '../../../i18n';
import { formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useGetProductQuery, useGetProductsQuery } from '../../catalog';
import { AddressForm, AddressLines, blankAddress, NationalIdField, nationalIdOf } from '../../checkout';
import {
  useLazyGetCustomerByPhoneQuery,
  usePlaceStaffOrderMutation,
  useQuoteStaffOrderQuery,
} from '../api/staffOrdersApi';
import { usePermissions } from '../permissions';
import { PageHeader } from './PageHeader';

/** A line of the order being taken: the product as the search found it, its variant once chosen, and how many. */
interface Line {
  product: Product;
  variantId: string | null;
  quantity: number;
}

/** How many products the search offers at once. */
const FOUND = 6;

/**
 * /dashboard/orders/new: an order taken for a customer who called or wrote. The agent finds the customer by their
 * mobile (and their saved addresses), adds products with their variants and quantities, picks or types the delivery
 * address, the payment (cash on delivery, or a link the customer pays online) and where the order came from, reads
 * the server's total out, and places it; the orders list then shows it.
 */
export function NewOrderPage() {
  const { t, i18n } = useTranslation();
  const { loaded, can } = usePermissions();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [customer, setCustomer] = useState<PhoneCustomer | null>(null);
  const [name, setName] = useState('');
  // The language the customer is written to in: their newest order's, else the dashboard's.
  const [language, setLanguage] = useState<Language | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [address, setAddress] = useState<AddressInput | null>(null);
  const [payment, setPayment] = useState<StaffPaymentMethod>('cash');
  const [source, setSource] = useState<StaffOrderSource>('phone');
  const [place, placing] = usePlaceStaffOrderMutation();
  // Asked where the server's quote says the order's e-receipt needs it (receipts/buyer-id.ts).
  const [idNeeded, setIdNeeded] = useState(false);
  const [nationalId, setNationalId] = useState('');
  const [triedWithoutId, setTriedWithoutId] = useState(false);

  const items: StaffOrderItem[] = lines.map((line) => ({
    product_id: line.product._id,
    ...(line.variantId ? { variant_id: line.variantId } : {}),
    quantity: line.quantity,
  }));
  const complete = lines.every((line) => line.variantId || !line.product.options?.length);
  const ready = Boolean(customer && name.trim() && lines.length && complete && address);

  if (!loaded) return null;
  if (!can('orders.create')) return <Alert variant="warning">{t('admin.staff.notAllowed')}</Alert>;

  const submit = async () => {
    if (!ready || !address) return;
    const id = idNeeded ? nationalIdOf(nationalId) : null;
    if (idNeeded && !id) {
      setTriedWithoutId(true);
      document.getElementById('new-order-national-id')?.focus();
      return;
    }
    const placed = await place({
      customerPhone: phone,
      customerName: name,
      items,
      deliveryAddress: address,
      paymentMethod: payment,
      source,
      ...(language ? { language } : {}),
      ...(id ? { nationalId: id } : {}),
    })
      .unwrap()
      // The server's reason shows beside the button.
      .catch(() => null);
    if (!placed) return;
    const ref = orderRef(placed.order._id);
    notify.success(t('admin.newOrder.placed', { ref }));
    void navigate(`${paths.dashOrders}?q=${encodeURIComponent(`#${ref}`)}`);
  };

  return (
    <>
      <PageHeader title={t('admin.newOrder.title')} subtitle={t('admin.newOrder.subtitle')}>
        <Link to={paths.dashOrders} className="btn btn-outline-secondary">
          {t('admin.newOrder.back')}
        </Link>
      </PageHeader>
      <Row className="g-4">
        <Col lg={7} className="d-grid gap-4">
          <CustomerStep
            phone={phone}
            onPhone={(next) => {
              setPhone(next);
              setCustomer(null);
              setAddress(null);
            }}
            customer={customer}
            onFound={(found) => {
              setCustomer(found);
              setName(found.customer?.name ?? '');
              setLanguage(found.customer?.language ?? null);
              setAddress(null);
            }}
            name={name}
            onName={setName}
            language={language ?? languageOf(i18n.language)}
            onLanguage={setLanguage}
          />
          <ProductsStep lines={lines} onLines={setLines} />
          {customer && (
            <AddressStep
              // A new customer's form starts again when another mobile is looked up.
              key={phone}
              saved={customer.addresses}
              phone={phone}
              address={address}
              onAddress={setAddress}
            />
          )}
          <PaymentStep payment={payment} onPayment={setPayment} source={source} onSource={setSource} />
        </Col>
        <Col lg={5}>
          <section className="dash-card new-order-summary" aria-labelledby="new-order-summary">
            <h2 id="new-order-summary" className="dash-card-title">
              {t('admin.newOrder.summary')}
            </h2>
            <Quote
              items={items}
              state={address?.state ?? null}
              phone={address?.phone ?? null}
              payment={payment}
              ready={complete}
              onBuyerIdRequired={setIdNeeded}
            />
            {idNeeded && (
              <div className="my-3">
                <NationalIdField
                  id="new-order-national-id"
                  value={nationalId}
                  onChange={setNationalId}
                  showError={triedWithoutId}
                  label={t('admin.newOrder.nationalId')}
                  why={t('admin.newOrder.nationalIdWhy', {
                    threshold: formatPrice(ETA_BUYER_ID_THRESHOLD, intlLocale(i18n.language)),
                  })}
                />
              </div>
            )}
            {!ready && <p className="small text-body-secondary">{t('admin.newOrder.incomplete')}</p>}
            {placing.error && (
              <Alert variant="danger" className="small">
                {errorMessage(placing.error) ?? t('common.sendFailed')}
              </Alert>
            )}
            <Button className="w-100" disabled={!ready || placing.isLoading} onClick={() => void submit()}>
              {placing.isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {t('admin.newOrder.place')}
            </Button>
          </section>
        </Col>
      </Row>
    </>
  );
}

function CustomerStep({
  phone,
  onPhone,
  customer,
  onFound,
  name,
  onName,
  language,
  onLanguage,
}: {
  phone: string;
  onPhone: (phone: string) => void;
  customer: PhoneCustomer | null;
  onFound: (found: PhoneCustomer) => void;
  name: string;
  onName: (name: string) => void;
  language: Language;
  onLanguage: (language: Language) => void;
}) {
  const { t } = useTranslation();
  const [find, found] = useLazyGetCustomerByPhoneQuery();
  const [invalid, setInvalid] = useState(false);
  return (
    <section className="dash-card" aria-labelledby="new-order-customer">
      <h2 id="new-order-customer" className="dash-card-title">
        {t('admin.newOrder.customer')}
      </h2>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const mobile = egyptianMobile(phone);
          setInvalid(!mobile);
          if (mobile) void find(mobile).unwrap().then(onFound);
        }}
      >
        <Form.Group controlId="new-order-phone">
          <Form.Label>{t('admin.newOrder.phone')}</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              type="tel"
              inputMode="tel"
              autoComplete="off"
              dir="ltr"
              maxLength={40}
              value={phone}
              onChange={(event) => onPhone(event.target.value)}
              isInvalid={invalid}
              aria-describedby={invalid ? 'new-order-phone-error' : undefined}
            />
            <Button type="submit" variant="outline-primary" className="text-nowrap" disabled={found.isFetching}>
              {t('admin.newOrder.find')}
            </Button>
          </div>
          {invalid && (
            <div id="new-order-phone-error" className="invalid-feedback d-block">
              {t('admin.newOrder.phoneInvalid')}
            </div>
          )}
        </Form.Group>
      </Form>
      {found.isError && <Alert variant="danger">{errorMessage(found.error) ?? t('common.loadFailed')}</Alert>}
      {customer && (
        <div className="mt-3" role="status">
          <p className="mb-2">
            {customer.customer
              ? t('admin.newOrder.found', { name: customer.customer.name })
              : t('admin.newOrder.newCustomer')}
          </p>
          {!customer.customer && (
            <Form.Group controlId="new-order-name">
              <Form.Label>{t('admin.newOrder.name')}</Form.Label>
              <Form.Control value={name} maxLength={100} onChange={(event) => onName(event.target.value)} />
            </Form.Group>
          )}
          <Form.Group controlId="new-order-language" className="mt-2">
            <Form.Label>{t('admin.newOrder.language')}</Form.Label>
            <Form.Select
              value={language}
              onChange={(event) => onLanguage(event.target.value as Language)}
              aria-describedby="new-order-language-hint"
            >
              {LANGUAGES.map((each) => (
                <option key={each} value={each} lang={each}>
                  {t(`admin.order.languages.${each}`)}
                </option>
              ))}
            </Form.Select>
            <Form.Text id="new-order-language-hint">{t('admin.newOrder.languageHint')}</Form.Text>
          </Form.Group>
        </div>
      )}
    </section>
  );
}

function ProductsStep({ lines, onLines }: { lines: Line[]; onLines: (lines: Line[]) => void }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const { data, isFetching } = useGetProductsQuery({ page: 1, limit: FOUND, q }, { skip: !q });
  const update = (index: number, change: Partial<Line>) =>
    onLines(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));
  const inOrder = new Set(lines.filter((line) => !line.product.options?.length).map((line) => line.product._id));
  return (
    <section className="dash-card" aria-labelledby="new-order-products">
      <h2 id="new-order-products" className="dash-card-title">
        {t('admin.newOrder.products')}
      </h2>
      <Form
        role="search"
        aria-label={t('admin.newOrder.searchButton')}
        className="mb-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
        }}
      >
        <Form.Group controlId="new-order-search">
          <Form.Label>{t('admin.newOrder.search')}</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={100}
            />
            <Button type="submit" variant="outline-primary" className="text-nowrap">
              {t('admin.newOrder.searchButton')}
            </Button>
          </div>
        </Form.Group>
      </Form>
      {q && (
        <ul className="list-unstyled d-grid gap-1 mb-3" aria-label={t('admin.newOrder.results')} aria-busy={isFetching}>
          {data?.products.map((product) => (
            <li key={product._id} className="d-flex align-items-center gap-2 border-bottom py-1">
              <span className="flex-grow-1 min-w-0">
                <span className="d-block text-truncate">
                  <Localized value={localized.name(product)} />
                </span>
                <span className="small text-body-secondary">
                  <Price value={product.price} /> · {t('admin.newOrder.stock', { count: product.stock })}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline-primary"
                disabled={inOrder.has(product._id) || product.stock < 1}
                aria-label={t('admin.newOrder.addNamed', { name: localized.name(product).text })}
                onClick={() => onLines([...lines, { product, variantId: null, quantity: 1 }])}
              >
                {t('admin.newOrder.add')}
              </Button>
            </li>
          ))}
          {data && !data.products.length && <li className="text-body-secondary">{t('admin.newOrder.noResults')}</li>}
        </ul>
      )}
      {lines.length ? (
        <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={t('admin.newOrder.lines')}>
          {lines.map((line, index) => (
            <li key={`${line.product._id}-${index}`} className="new-order-line">
              <span className="fw-semibold flex-grow-1 min-w-0">
                <Localized value={localized.name(line.product)} />
              </span>
              {line.product.options?.length ? (
                <VariantChoice
                  line={line}
                  index={index}
                  taken={lines.filter((other) => other !== line && other.product._id === line.product._id)}
                  onVariant={(variantId) => update(index, { variantId })}
                />
              ) : null}
              <Form.Group controlId={`new-order-quantity-${index}`} className="new-order-quantity">
                <Form.Label className="visually-hidden">
                  {t('admin.newOrder.quantityOf', { name: localized.name(line.product).text })}
                </Form.Label>
                <Form.Control
                  type="number"
                  min={1}
                  max={STAFF_ORDER_MAX_QUANTITY}
                  value={line.quantity}
                  onChange={(event) =>
                    update(index, {
                      quantity: Math.min(
                        STAFF_ORDER_MAX_QUANTITY,
                        Math.max(1, Math.trunc(Number(event.target.value)) || 1),
                      ),
                    })
                  }
                />
              </Form.Group>
              <Button
                variant="outline-danger"
                size="sm"
                aria-label={t('admin.newOrder.removeNamed', { name: localized.name(line.product).text })}
                onClick={() => onLines(lines.filter((_, i) => i !== index))}
              >
                {t('admin.newOrder.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary mb-0">{t('admin.newOrder.noLines')}</p>
      )}
    </section>
  );
}

/** The variant of a product with options: one not already in the order, with its price and stock. */
function VariantChoice({
  line,
  index,
  taken,
  onVariant,
}: {
  line: Line;
  index: number;
  taken: Line[];
  onVariant: (variantId: string | null) => void;
}) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const { data } = useGetProductQuery(line.product._id);
  const options = data?.options ?? [];
  return (
    <Form.Group controlId={`new-order-variant-${index}`} className="new-order-variant">
      <Form.Label className="visually-hidden">
        {t('admin.newOrder.variantOf', { name: localized.name(line.product).text })}
      </Form.Label>
      <Form.Select value={line.variantId ?? ''} onChange={(event) => onVariant(event.target.value || null)} required>
        <option value="">{t('admin.newOrder.chooseVariant')}</option>
        {data?.variants?.map((variant) => (
          <option
            key={variant._id}
            value={variant._id}
            disabled={variant.stock < 1 || taken.some((other) => other.variantId === variant._id)}
          >
            {variantValues({ options: labelVariant(options, variant.options) }, localized.language)} ·{' '}
            {t('admin.newOrder.stock', { count: variant.stock })}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

function AddressStep({
  saved,
  phone,
  address,
  onAddress,
}: {
  saved: PhoneCustomer['addresses'];
  phone: string;
  address: AddressInput | null;
  onAddress: (address: AddressInput | null) => void;
}) {
  const { t } = useTranslation();
  const [typing, setTyping] = useState(!saved.length);
  const chosen = saved.find((candidate) => candidate === address);
  return (
    <section className="dash-card" aria-labelledby="new-order-address">
      <h2 id="new-order-address" className="dash-card-title">
        {t('admin.newOrder.address')}
      </h2>
      {saved.length > 0 && (
        <fieldset className="mb-3">
          <legend className="visually-hidden">{t('admin.newOrder.savedAddresses')}</legend>
          {saved.map((candidate) => (
            <Form.Check
              key={candidate._id}
              type="radio"
              name="new-order-address"
              id={`new-order-address-${candidate._id}`}
              className="mb-2"
              checked={chosen === candidate}
              onChange={() => {
                setTyping(false);
                onAddress(candidate);
              }}
              label={<AddressLines address={candidate} />}
            />
          ))}
          <Form.Check
            type="radio"
            name="new-order-address"
            id="new-order-address-new"
            checked={typing}
            onChange={() => {
              setTyping(true);
              onAddress(null);
            }}
            label={t('admin.newOrder.newAddress')}
          />
        </fieldset>
      )}
      {typing &&
        (address ? (
          <div className="d-flex align-items-start gap-3">
            <address className="mb-0 flex-grow-1">
              <AddressLines address={address} />
            </address>
            <Button variant="outline-secondary" size="sm" onClick={() => onAddress(null)}>
              {t('admin.newOrder.changeAddress')}
            </Button>
          </div>
        ) : (
          <AddressForm
            initial={blankAddress(localMobile(phone) ?? phone)}
            submitLabel={t('admin.newOrder.useAddress')}
            busy={false}
            onSubmit={async (typed) => onAddress(typed)}
          />
        ))}
    </section>
  );
}

/** The mobile as the address form takes it (010…), from however it was typed. */

function PaymentStep({
  payment,
  onPayment,
  source,
  onSource,
}: {
  payment: StaffPaymentMethod;
  onPayment: (payment: StaffPaymentMethod) => void;
  source: StaffOrderSource;
  onSource: (source: StaffOrderSource) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="dash-card" aria-labelledby="new-order-payment">
      <h2 id="new-order-payment" className="dash-card-title">
        {t('admin.newOrder.payment')}
      </h2>
      <fieldset className="mb-3">
        <legend className="visually-hidden">{t('admin.newOrder.payment')}</legend>
        {STAFF_PAYMENT_METHODS.map((method) => (
          <Form.Check
            key={method}
            type="radio"
            name="new-order-payment"
            id={`new-order-payment-${method}`}
            checked={payment === method}
            onChange={() => onPayment(method)}
            label={t(`admin.newOrder.methods.${method}`)}
          />
        ))}
      </fieldset>
      <Form.Group controlId="new-order-source">
        <Form.Label>{t('admin.newOrder.source')}</Form.Label>
        <Form.Select value={source} onChange={(event) => onSource(event.target.value as StaffOrderSource)}>
          {STAFF_ORDER_SOURCES.map((each) => (
            <option key={each} value={each}>
              {t(`admin.sources.${each}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </section>
  );
}

/**
 * The server's bill for what is chosen so far, once there is a governorate to deliver to; for cash, what the shop's
 * cash rules say of the delivery phone (refused, or a deposit first), as the checkout tells a shopper.
 */
function Quote({
  items,
  state,
  phone,
  payment,
  ready,
  onBuyerIdRequired,
}: {
  items: StaffOrderItem[];
  state: string | null;
  phone: string | null;
  payment: StaffPaymentMethod;
  ready: boolean;
  /** Whether the quoted order needs the customer's national ID, as each quote says. */
  onBuyerIdRequired: (required: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const skip = !state || !items.length || !ready;
  const { data, error, isFetching } = useQuoteStaffOrderQuery(
    { items, state: state ?? '', paymentMethod: payment, ...(phone ? { phone } : {}) },
    { skip },
  );
  const price = (egp: number) => formatPrice(egp, intlLocale(i18n.language));
  const buyerIdRequired = !skip && Boolean(data?.buyerIdRequired);
  useEffect(() => onBuyerIdRequired(buyerIdRequired), [buyerIdRequired, onBuyerIdRequired]);
  if (skip) return <p className="text-body-secondary">{t('admin.newOrder.noQuote')}</p>;
  if (error) return <Alert variant="danger">{errorMessage(error) ?? t('common.loadFailed')}</Alert>;
  if (!data) return <p role="status">{t('admin.newOrder.pricing')}</p>;
  return (
    <>
      <dl className="new-order-bill" aria-busy={isFetching}>
        <dt>{t('admin.newOrder.itemsTotal')}</dt>
        <dd>
          <Price value={data.itemsTotal} />
        </dd>
        <dt>{t('admin.newOrder.shipping')}</dt>
        <dd>
          <Price value={data.shipping} />
        </dd>
        {data.codFee > 0 && (
          <>
            <dt>{t('admin.newOrder.codFee')}</dt>
            <dd>
              <Price value={data.codFee} />
            </dd>
          </>
        )}
        <dt className="fw-bold">{t('admin.newOrder.total')}</dt>
        <dd className="fw-bold">
          <Price value={data.bill} />
        </dd>
      </dl>
      {data.cash?.cash === 'online' && (
        <Alert variant="warning" className="new-order-cash small mt-2 mb-0" role="status">
          {data.cash.refusal === 'cash_bill_over_limit'
            ? t('admin.newOrder.cashBillOverLimit', { limit: price(data.cash.limit ?? 0) })
            : data.cash.refusal === 'cash_orders_open'
              ? t('admin.newOrder.cashOrdersOpen', { count: data.cash.limit ?? 0 })
              : t('admin.newOrder.cashOnlineOnly')}
        </Alert>
      )}
      {data.cash?.cash === 'deposit' && (
        <Alert variant="info" className="new-order-cash small mt-2 mb-0" role="status">
          {t('admin.newOrder.cashDeposit', { deposit: price(data.cash.deposit), rest: price(data.cash.rest) })}
        </Alert>
      )}
    </>
  );
}
