import type { AddressInput } from '@shop/contracts';
import { useGovernorateNames } from '../useGovernorateNames';

/**
 * An address the way couriers in Egypt read it: building and street, then city and governorate,
 * then country and postcode. Lines are spans, so it fits inside a label as well as an <address>.
 */
export function AddressLines({ address, name }: { address: AddressInput; name?: string }) {
  const { nameOf } = useGovernorateNames();
  return (
    <>
      {name && <span className="d-block fw-semibold">{name}</span>}
      <span className="d-block">
        {address.building} {address.street}
      </span>
      <span className="d-block">
        {address.city}, {nameOf(address.state)}
      </span>
      <span className="d-block">
        {address.country} {address.zipCode}
      </span>
      <span className="d-block text-body-secondary small" dir="ltr">
        {address.phone}
      </span>
    </>
  );
}
