import type { PaymentMethod } from '@shop/contracts';
import { useGetShippingQuoteQuery } from './api/shippingApi';
import type { CheckoutFees } from './orderTotals';

/**
 * The delivery fees of the cart to the address's governorate, as the server quotes them for `method`
 * and for cash: `fees` once both have come, `failed` when either could not be had (the order's bill
 * includes the fees all the same). Nothing is asked without an address.
 */
export function useCheckoutFees(state: string | undefined, method: PaymentMethod) {
  const skip = !state;
  const chosen = useGetShippingQuoteQuery({ state: state ?? '', paymentMethod: method }, { skip });
  const cash = useGetShippingQuoteQuery(
    { state: state ?? '', paymentMethod: 'cash' },
    { skip: skip || method === 'cash' },
  );
  const cashQuote = method === 'cash' ? chosen.data : cash.data;
  // While a changed cart is quoted again, the old figures are not shown as if they were current.
  const settled = !chosen.isFetching && !cash.isFetching;
  const fees: CheckoutFees | undefined =
    settled && chosen.data && cashQuote ? { chosen: chosen.data, cash: cashQuote } : undefined;
  return { fees, failed: chosen.isError || cash.isError };
}
