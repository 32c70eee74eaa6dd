import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import type { Address, AddressInput } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { errorMessage } from '../../../api/errors';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoader } from '../../../components/PageLoader';
import { useGetAddressesQuery } from '../api/checkoutApi';
import {
  ADDRESS_FIELDS,
  readShippingAddress,
  saveShippingAddress,
  toAddressInput as toInput,
} from '../checkoutStorage';
import { AddressLines } from './AddressLines';
import { CartRequired } from './CartRequired';
import { ChoiceCard } from './ChoiceCard';
import { PlusIcon } from '../../../components/icons';
import { PinIcon } from './checkoutIcons';
import { CheckoutSteps } from './CheckoutSteps';
import { useShopper } from './ShopperOnly';
import '../../../styles/checkout.css';
import { paths } from '../../../lib/paths';

const sameAddress = (a: AddressInput, b: AddressInput) =>
  ADDRESS_FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''));

/** /ShippingAdress: pick one of the saved addresses, or add one on /ShippingForm. */
export function ShippingAddressPage() {
  const { t } = useTranslation();
  const {
    data: addresses,
    isFetching,
    error,
    refetch,
  } = useGetAddressesQuery(undefined, { refetchOnMountOrArgChange: true });

  let content;
  if (isFetching && (error || !addresses)) content = <PageLoader />;
  else if (error || !addresses) content = <LoadFailed message={errorMessage(error)} onRetry={() => void refetch()} />;
  else if (addresses.length === 0) {
    content = (
      <EmptyState title={t('checkout.shipping.none')}>
        <p className="mb-3">{t('checkout.shipping.noneText')}</p>
        <Link to={paths.shippingForm} className="btn btn-primary">
          {t('checkout.shipping.add')}
        </Link>
      </EmptyState>
    );
  } else content = <AddressChoice addresses={addresses} />;

  return (
    <div className="container-lg py-4 checkout-narrow">
      <title>{t('checkout.shipping.documentTitle')}</title>
      <CheckoutSteps step={2} />
      <h1 className="page-title">{t('checkout.shipping.title')}</h1>
      <CartRequired>{content}</CartRequired>
    </div>
  );
}

function AddressChoice({ addresses }: { addresses: Address[] }) {
  const { t } = useTranslation();
  const user = useShopper();
  const navigate = useNavigate();
  // The address chosen last time stays chosen; otherwise the default one, which the server lists first, or the newest.
  const [chosenId, setChosenId] = useState(() => {
    const previous = readShippingAddress(user._id);
    return addresses.find((address) => previous && sameAddress(toInput(address), previous))?._id ?? addresses[0]?._id;
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = addresses.find((address) => address._id === chosenId);
    if (!chosen) return;
    saveShippingAddress(user._id, toInput(chosen));
    void navigate(paths.payment);
  };

  return (
    <form onSubmit={submit}>
      <fieldset>
        <legend className="h6 mb-3">{t('checkout.shipping.legend')}</legend>
        <ul className="list-unstyled d-flex flex-column gap-3 mb-0">
          {addresses.map((address) => {
            return (
              <li key={address._id}>
                <ChoiceCard
                  id={`address-${address._id}`}
                  name="address"
                  value={address._id}
                  checked={address._id === chosenId}
                  onChoose={() => setChosenId(address._id)}
                  icon={<PinIcon size={24} />}
                  label={<AddressLines address={address} name={user.name} />}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Button type="submit" variant="accent" size="lg">
          {t('checkout.shipping.useThis')}
        </Button>
        <Link to={paths.shippingForm} className="btn btn-outline-primary btn-lg d-inline-flex align-items-center">
          <PlusIcon size={18} className="me-2" />
          {t('checkout.shipping.add')}
        </Link>
      </div>
    </form>
  );
}
