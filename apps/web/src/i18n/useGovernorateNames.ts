import { EGYPT_GOVERNORATES, isGovernorate } from '@shop/contracts';
import { useTranslation } from './useTranslation';
import { compareIn } from '../lib/collate';

/**
 * Governorates are stored by their English name (what the API and couriers receive) and shown in the
 * shop's language; a state typed for another country is shown as typed. The names are storefront texts:
 * the product page names the shopper's governorate too.
 */
export function useGovernorateNames() {
  const { t, i18n } = useTranslation();
  const nameOf = (state: string) => (isGovernorate(state) ? t(`governorates.${state}`) : state);
  const compare = compareIn(i18n.language);
  const options = EGYPT_GOVERNORATES.map((value) => ({ value, name: nameOf(value) })).sort((a, b) =>
    compare(a.name, b.name),
  );
  return { nameOf, options };
}
