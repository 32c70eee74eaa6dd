import { isGovernorate, type AddressInput } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { Filled } from '../../../i18n/Filled';
import { useCountryName } from '../useCountryName';
import { isEgypt } from '../governorates';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';

/**
 * A value inside a line that the shopper typed (a state or country outside Egypt included). Its own
 * element gives it its own direction, so a Latin city neither turns an Arabic line left to right nor trades places with
 * the words around it, and the line keeps the page's. An element rather than isolation marks: the text stays plain, to
 * copy and to find on the page.
 */
const typed = (value: string) => <bdi>{value}</bdi>;

/**
 * Where an address is: its city, as typed, and its governorate (or a state typed for another country), in the page's
 * language and direction. The confirmation desk names an order's place by it too.
 */
export function PlaceLine({ address }: { address: Pick<AddressInput, 'city' | 'state'> }) {
  const { t } = useTranslation();
  const { nameOf } = useGovernorateNames();
  return (
    <Filled
      text={t('checkout.address.place')}
      values={{
        city: typed(address.city),
        // A governorate is the shop's own word, translated, and stays in the line: the e2e Arabic-page check then
        // still sees an untranslated one.
        governorate: isGovernorate(address.state) ? nameOf(address.state) : typed(address.state),
      }}
    />
  );
}

/**
 * An address the way couriers in Egypt read it: building and street, apartment and floor, a landmark near it,
 * then city and governorate, then country and postcode, and last what the shopper asks of the courier (unless
 * `withInstructions` is false: an invoice is not the courier's). Lines are spans, so it fits inside a label as well as
 * an <address>. Each line reads in the page's direction; Egypt and its governorates read in the page's language.
 */
export function AddressLines({
  address,
  name,
  withInstructions = true,
}: {
  address: AddressInput;
  name?: string;
  withInstructions?: boolean;
}) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  return (
    <>
      {name && <span className="d-block fw-semibold">{typed(name)}</span>}
      <span className="d-block">
        {typed(address.building)} {typed(address.street)}
      </span>
      {(address.apartment || address.floor) && (
        <span className="d-block">
          {address.apartment && (
            <Filled text={t('checkout.address.apartment')} values={{ value: typed(address.apartment) }} />
          )}
          {address.apartment && address.floor && ' · '}
          {address.floor && <Filled text={t('checkout.address.floor')} values={{ value: typed(address.floor) }} />}
        </span>
      )}
      {address.landmark && (
        <span className="d-block">
          <Filled text={t('checkout.address.landmark')} values={{ value: typed(address.landmark) }} />
        </span>
      )}
      <span className="d-block">
        <PlaceLine address={address} />
      </span>
      <span className="d-block">
        {isEgypt(address.country) ? countryName(address.country) : typed(address.country)} {typed(address.zipCode)}
      </span>
      <span className="d-block text-body-secondary small">
        <span dir="ltr">{address.phone}</span>
      </span>
      {withInstructions && address.instructions && (
        <span className="d-block">
          <InstructionsLine instructions={address.instructions} />
        </span>
      )}
    </>
  );
}

/** What the shopper asks of the courier, as typed, in the page's sentence: "For the courier: call first". */
export function InstructionsLine({ instructions }: { instructions: string }) {
  const { t } = useTranslation();
  return <Filled text={t('checkout.address.instructions')} values={{ value: typed(instructions) }} />;
}
