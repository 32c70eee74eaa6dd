import { listed, type CartLine } from '@shop/contracts';
import { useLocalized } from '../../i18n/localized';
import { useTranslation } from '../../i18n/useTranslation';
import { productsWithoutCod } from './orderTotals';

/**
 * Why cash on delivery cannot pay for these cart lines, naming the products in the page's language;
 * undefined when it can (one product without it is enough to rule it out).
 */
export function useCodUnavailable(lines: readonly CartLine[] | undefined): string | undefined {
  const { t, i18n } = useTranslation();
  const local = useLocalized();
  const blocking = productsWithoutCod(lines?.map((line) => line.product_id) ?? []);
  if (!blocking.length) return undefined;
  return t('checkout.payment.codUnavailable', {
    names: listed(
      blocking.map((product) => local.name(product).text),
      i18n.language,
    ),
  });
}
