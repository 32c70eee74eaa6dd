import type { AddressInput } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { isEgypt } from '../governorates';
import { useGovernorateNames } from '../useGovernorateNames';

/**
 * An address the way couriers in Egypt read it: building and street, then city and governorate,
 * then country and postcode. Lines are spans, so it fits inside a label as well as an <address>.
 * What the shopper typed keeps its own direction; Egypt and its governorates read in the page's language.
 */
export function AddressLines({ address, name }: { address: AddressInput; name?: string }) {
  const { t } = useTranslation();
  const { nameOf } = useGovernorateNames();
  return (
    <>
      {name && (
        <span className="d-block fw-semibold" dir="auto">
          {name}
        </span>
      )}
      <span className="d-block" dir="auto">
        {address.building} {address.street}
      </span>
      <span className="d-block" dir="auto">
        {address.city}, {nameOf(address.state)}
      </span>
      <span className="d-block" dir="auto">
        {isEgypt(address.country) ? t('checkout.form.egypt') : address.country} {address.zipCode}
      </span>
      <span className="d-block text-body-secondary small" dir="ltr">
        {address.phone}
      </span>
    </>
  );
}
