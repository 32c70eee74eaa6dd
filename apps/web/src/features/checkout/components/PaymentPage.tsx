import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import {
  instalmentPlanName,
  localMobile,
  monthlyInstalment,
  type BuiltInMethod,
  type InstalmentOffer,
  type OnlineMethod,
  type PaymentMethod,
  type ShippingQuote,
} from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { PageLoader } from '../../../components/PageLoader';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { formatPrice } from '../../../lib/format';
import { useCart } from '../../cart';
import { useGetDeliveryDaysQuery } from '../../shop';
import { useGetPaymentConfigQuery } from '../../../api/paymentConfigApi';
import {
  readOnlineChoice,
  readPaymentMethod,
  readShippingAddress,
  saveOnlineChoice,
  savePaymentMethod,
  type OnlineChoice,
} from '../checkoutStorage';
import { useCheckoutFees } from '../useCheckoutFees';
import { useCodUnavailable } from '../useCodUnavailable';
import { useCashRules } from '../useCashRules';
import { CardIcon, CashIcon, KioskIcon, WalletIcon } from './checkoutIcons';
import { CartRequired } from './CartRequired';
import { CheckoutSteps } from './CheckoutSteps';
import { ChoiceCard } from './ChoiceCard';
import { useShopper } from './ShopperOnly';
import '../../../styles/checkout.css';
import { paths } from '../../../lib/paths';

const ICONS: Record<BuiltInMethod, ReactNode> = {
  card: <CardIcon size={28} />,
  wallet: <WalletIcon size={28} />,
  kiosk: <KioskIcon size={28} />,
  fawry: <KioskIcon size={28} />,
};
const isBuiltIn = (method: OnlineMethod): method is BuiltInMethod => Object.hasOwn(ICONS, method);

/**
 * /Payment: the online methods the payment provider offers (a card; with Paymob also a mobile wallet,
 * whose number is asked for, and a kiosk reference) or cash on delivery, saved locally as soon as
 * picked. Cash is unavailable, with the reason, while the cart holds a product that cannot
 * be paid on delivery or the shop's cash rules refuse it for the address's phone; when they ask a deposit first,
 * the cash choice says how much. Each way to pay says what delivery to the chosen address adds, as the server quotes it.
 */
export function PaymentPage() {
  const { t, i18n } = useTranslation();
  const user = useShopper();
  const navigate = useNavigate();
  const { data: cart, isLoading, error } = useCart();
  const { data: config, isLoading: configLoading } = useGetPaymentConfigQuery();
  const [saved, setSaved] = useState(() => readPaymentMethod(user._id));
  const [online, setOnline] = useState(() => readOnlineChoice(user._id));
  const [address] = useState(() => readShippingAddress(user._id));
  // Quoted for card and for cash: each choice shows its own fees.
  const { fees, failed: feesFailed, pending: feesPending } = useCheckoutFees(address?.state, 'visa');
  const feeNote = (quote: ShippingQuote | undefined) => (address && !feesFailed ? <FeeNote quote={quote} /> : null);
  const [missing, setMissing] = useState(false);
  const [phoneInvalid, setPhoneInvalid] = useState(false);
  // The wallet's number as typed (Arabic-Indic digits, +20, spaces); what is saved is its local form, once it is one.
  const [walletEntry, setWalletEntry] = useState(() => online.walletPhone ?? '');
  // Every method the shop takes, whichever provider serves it; a shop with one way to pay online keeps the
  // single card choice and its words.
  const methods = config?.offers.map((offer) => offer.method) ?? ['card'];
  const choosesOnline = methods.length > 1;
  const plans = new Map((config?.instalments ?? []).map((plan) => [plan.method, plan]));
  // What the plans are weighed against: the items and the card's delivery fee, as quoted here (the server checks the bill).
  const bill = (cart?.bill ?? 0) + (fees?.chosen?.shipping ?? 0);
  const price = (egp: number) => formatPrice(egp, intlLocale(i18n.language));
  const planText = (plan: InstalmentOffer) => {
    const name = instalmentPlanName(plan.method, i18n.language === 'ar' ? 'ar' : 'en');
    const monthly = monthlyInstalment(bill, [plan]);
    if (monthly === null)
      return { name, unavailable: t('checkout.payment.instalmentMinimum', { amount: price(plan.minBill) }) };
    return {
      name,
      text: t('checkout.payment.instalmentText', {
        plan: name,
        months: Math.max(...plan.months),
        monthly: price(monthly),
      }),
    };
  };

  // A product sold only online rules cash out whoever pays; the shop's cash rules, for this address's phone.
  const cashRules = useCashRules(address);
  const codUnavailable = useCodUnavailable(cart?.products) ?? cashRules.refused;
  const cashAllowed = Boolean(cart) && !codUnavailable;
  // Where the shop lets a parcel be opened at the door, the cash choice says so: the shopper pays for what they saw.
  const opensAtDoor = useGetDeliveryDaysQuery().data?.openBeforeAccepting ?? false;
  // A saved cash choice no longer counts once the cart holds a card-only product.
  const chosen = saved === 'cash' && !cashAllowed ? null : saved;

  const chosenOnline: OnlineMethod | null =
    chosen === 'visa' ? (methods.find((method) => method === online.method) ?? methods[0] ?? 'card') : null;

  const choose = (method: PaymentMethod) => {
    savePaymentMethod(user._id, method);
    setSaved(method);
    setMissing(false);
  };
  const chooseOnline = (choice: OnlineChoice) => {
    saveOnlineChoice(user._id, choice);
    setOnline(choice);
    choose('visa');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) setMissing(true);
    else if (chosenOnline === 'wallet' && !localMobile(walletEntry)) setPhoneInvalid(true);
    else void navigate(paths.placeOrder);
  };

  // Right under the wallet's card, so the number is asked where the wallet was chosen.
  const walletPhone = (
    <Form.Group controlId="wallet-phone" className="wallet-phone">
      <Form.Label>{t('checkout.payment.walletPhone')}</Form.Label>
      <Form.Control
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        maxLength={20}
        value={walletEntry}
        isInvalid={phoneInvalid}
        aria-invalid={phoneInvalid}
        aria-describedby={phoneInvalid ? 'wallet-phone-hint wallet-phone-error' : 'wallet-phone-hint'}
        onChange={(event) => {
          const entry = event.target.value;
          const number = localMobile(entry);
          setWalletEntry(entry);
          setPhoneInvalid(false);
          chooseOnline(number ? { method: 'wallet', walletPhone: number } : { method: 'wallet' });
        }}
      />
      <Form.Text id="wallet-phone-hint">{t('checkout.payment.walletPhoneHint')}</Form.Text>
      <Form.Control.Feedback id="wallet-phone-error" type="invalid">
        {t('checkout.payment.walletPhoneInvalid')}
      </Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <div className="container-lg py-4 checkout-narrow">
      <title>{t('checkout.payment.documentTitle')}</title>
      <CheckoutSteps step={3} />
      <h1 className="page-title">{t('checkout.payment.title')}</h1>
      <CartRequired>
        {/* The choices appear once the methods and their fees are known: a card growing as its fees came
            in, or cards added under the cash one, would move a choice away from a finger about to tap it. */}
        {isLoading || configLoading || feesPending || cashRules.pending ? (
          <PageLoader />
        ) : (
          <form noValidate onSubmit={submit}>
            {error && <Alert variant="warning">{errorMessage(error) ?? t('common.loadFailed')}</Alert>}
            <fieldset aria-describedby={missing ? 'payment-missing' : undefined}>
              <legend className="h6 mb-3">{t('checkout.payment.legend')}</legend>
              <div className="d-flex flex-column gap-3">
                {choosesOnline ? (
                  methods.map((method) => {
                    const plan = plans.get(method);
                    const instalment = plan ? planText(plan) : null;
                    return (
                      <Fragment key={method}>
                        <ChoiceCard
                          id={method === 'card' ? 'payment-visa' : `payment-${method}`}
                          name="paymentMethod"
                          value={method}
                          checked={chosenOnline === method && !instalment?.unavailable}
                          disabled={Boolean(instalment?.unavailable)}
                          onChoose={() => chooseOnline({ ...online, method })}
                          icon={isBuiltIn(method) ? ICONS[method] : <CardIcon size={28} />}
                          label={
                            instalment
                              ? t('checkout.payment.instalmentLabel', { plan: instalment.name })
                              : t(`checkout.payment.methods.${method as BuiltInMethod}`)
                          }
                          description={
                            <>
                              {instalment ? instalment.text : t(`checkout.payment.${method as BuiltInMethod}Text`)}
                              {feeNote(fees?.chosen)}
                            </>
                          }
                          reason={instalment?.unavailable}
                        />
                        {method === 'wallet' && chosenOnline === 'wallet' && walletPhone}
                      </Fragment>
                    );
                  })
                ) : (
                  <ChoiceCard
                    id="payment-visa"
                    name="paymentMethod"
                    value="visa"
                    checked={chosen === 'visa'}
                    onChoose={() => choose('visa')}
                    icon={<CardIcon size={28} />}
                    label={t('checkout.method.visa')}
                    description={
                      <>
                        {t('checkout.payment.visaText')}
                        {feeNote(fees?.chosen)}
                      </>
                    }
                  />
                )}
                <ChoiceCard
                  id="payment-cash"
                  name="paymentMethod"
                  value="cash"
                  checked={chosen === 'cash'}
                  disabled={!cashAllowed}
                  onChoose={() => choose('cash')}
                  icon={<CashIcon size={28} />}
                  label={t('checkout.method.cash')}
                  description={
                    <>
                      {t('checkout.payment.cashText')}
                      {feeNote(fees?.cash)}
                      {opensAtDoor && !codUnavailable && (
                        <>
                          {' '}
                          <span className="d-block mt-1">{t('checkout.payment.openBeforePaying')}</span>
                        </>
                      )}
                      {cashRules.deposit && !codUnavailable && (
                        <>
                          {' '}
                          <span className="d-block mt-1 text-body">{cashRules.deposit.text}</span>
                        </>
                      )}
                    </>
                  }
                  reason={codUnavailable}
                />
              </div>
            </fieldset>
            {missing && (
              <p id="payment-missing" className="text-danger small mt-3 mb-0" role="alert">
                {t('checkout.payment.required')}
              </p>
            )}
            <div className="d-flex flex-wrap gap-2 mt-4">
              <Button type="submit" variant="accent" size="lg">
                {t('checkout.payment.continue')}
              </Button>
              <Link to={paths.shippingAddress} className="btn btn-outline-secondary btn-lg">
                {t('checkout.back')}
              </Link>
            </div>
          </form>
        )}
      </CartRequired>
    </div>
  );
}

/** What delivery adds to a way of paying, "(+21 EGP shipping and handling, +9 EGP cash-on-delivery fee)", once quoted. */
function FeeNote({ quote }: { quote: ShippingQuote | undefined }) {
  const { t } = useTranslation();
  if (!quote) return <span className="d-block small text-body-secondary">{t('checkout.payment.feesLoading')}</span>;
  const parts: ReactNode[] = [
    quote.shipping > 0 ? (
      <Fragment key="shipping">
        +<Price value={quote.shipping} /> {t('checkout.payment.shippingShort')}
      </Fragment>
    ) : (
      t('checkout.payment.freeShipping')
    ),
  ];
  if (quote.codFee > 0)
    parts.push(
      <Fragment key="cod">
        +<Price value={quote.codFee} /> {t('checkout.payment.codShort')}
      </Fragment>,
    );
  return (
    <>
      {' ('}
      {parts.flatMap((part, index) => (index ? [t('checkout.payment.feeSeparator'), part] : [part]))})
    </>
  );
}
