import { useTranslation } from '../../i18n/useTranslation';
import { EGYPT_GOVERNORATES } from './governorates';

type Governorate = (typeof EGYPT_GOVERNORATES)[number];

const isGovernorate = (state: string): state is Governorate =>
  (EGYPT_GOVERNORATES as readonly string[]).includes(state);

/**
 * Governorates are stored by their English name (what the API and couriers receive) and shown in the
 * shop's language; a state typed for another country is shown as typed.
 */
export function useGovernorateNames() {
  const { t, i18n } = useTranslation();
  const nameOf = (state: string) => (isGovernorate(state) ? t(`checkout.governorates.${state}`) : state);
  const options = EGYPT_GOVERNORATES.map((value) => ({ value, name: nameOf(value) })).sort((a, b) =>
    a.name.localeCompare(b.name, i18n.language),
  );
  return { nameOf, options };
}
