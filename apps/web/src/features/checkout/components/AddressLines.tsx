import type { AddressInput } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { useCountryName } from '../useCountryName';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';

/**
 * An address the way couriers in Egypt read it: building and street, apartment and floor, a landmark near it,
 * then city and governorate, then country and postcode. Lines are spans, so it fits inside a label as well as an <address>.
 * What the shopper typed keeps its own direction; Egypt and its governorates read in the page's language.
 */
export function AddressLines({ address, name }: { address: AddressInput; name?: string }) {
  const { t } = useTranslation();
  const { nameOf } = useGovernorateNames();
  const countryName = useCountryName();
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
      {(address.apartment || address.floor) && (
        <span className="d-block" dir="auto">
          {address.apartment && t('checkout.address.apartment', { value: address.apartment })}
          {address.apartment && address.floor && ' · '}
          {address.floor && t('checkout.address.floor', { value: address.floor })}
        </span>
      )}
      {address.landmark && (
        <span className="d-block" dir="auto">
          {t('checkout.address.landmark', { value: address.landmark })}
        </span>
      )}
      <span className="d-block" dir="auto">
        {t('checkout.address.place', { city: address.city, governorate: nameOf(address.state) })}
      </span>
      <span className="d-block" dir="auto">
        {countryName(address.country)} {address.zipCode}
      </span>
      <span className="d-block text-body-secondary small" dir="ltr">
        {address.phone}
      </span>
    </>
  );
}
