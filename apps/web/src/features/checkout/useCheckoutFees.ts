import type { PaymentMethod } from '@shop/contracts';
import { errorMessage, errorStatus } from '../../api/errors';
import { useGetShippingQuoteQuery } from './api/shippingApi';
import type { CheckoutFees } from './orderTotals';

/**
 * The fees of the cart to the address's governorate, as the server quotes them for `method` and for
 * cash, with the coupon's discount: `fees` once both have come, `failed` when either could not be had
 * (the order's bill includes the fees all the same), `couponRefused` with the server's reason when the
 * coupon can no longer be used, `pending` until the first answers have come (not while a changed cart is
 * quoted again). Nothing is asked without an address.
 */
export function useCheckoutFees(state: string | undefined, method: PaymentMethod, coupon?: string) {
  const skip = !state;
  const chosen = useGetShippingQuoteQuery({ state: state ?? '', paymentMethod: method, coupon }, { skip });
  const cash = useGetShippingQuoteQuery(
    { state: state ?? '', paymentMethod: 'cash', coupon },
    { skip: skip || method === 'cash' },
  );
  const cashQuote = method === 'cash' ? chosen.data : cash.data;
  // While a changed cart is quoted again, the old figures are not shown as if they were current.
  const settled = !chosen.isFetching && !cash.isFetching;
  const fees: CheckoutFees | undefined =
    settled && chosen.data && cashQuote ? { chosen: chosen.data, cash: cashQuote } : undefined;
  const couponRefused = coupon && errorStatus(chosen.error) === 400 ? errorMessage(chosen.error) : null;
  return {
    fees,
    failed: !couponRefused && (chosen.isError || cash.isError),
    couponRefused,
    pending: chosen.isLoading || cash.isLoading,
  };
}
