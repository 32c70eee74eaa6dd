import type { BackInStockRequests } from '@shop/contracts';
import { useTranslation } from '../../i18n/useTranslation';

type Request = BackInStockRequests['waiting'][number];

/** The shopper's request for this variant (or the product itself, for `undefined`), if they made one. */
export const requestFor = (requests: BackInStockRequests | undefined, variantId: string | undefined) =>
  requests?.waiting.find((request) => request.variant_id === (variantId ?? null));

/** What the shopper is told of a request: the channel and the (partly hidden) address its alert will go to. */
export function useWaitingLine(): (request: Request | undefined) => string {
  const { t } = useTranslation();
  return (request) =>
    request?.reach
      ? t(`product.backInStock.waitingBy.${request.reach.channel}`, { to: request.reach.to })
      : t('product.backInStock.waiting');
}
