import type {
  Address,
  AddressInput,
  CashOffer,
  CashOfferQuery,
  Order,
  OrderCreateInput,
  OutOfStockItem,
} from '@shop/contracts';
import { api, LIST } from '../../../api/apiSlice';
import { isRecord } from '../../../lib/guards';

/** The 409 body of POST /order: the products that ran out, what /OrderError lists. */
export function isOutOfStockList(value: unknown): value is OutOfStockItem[] {
  return (
    Array.isArray(value) &&
    value.every((item) => isRecord(item) && typeof item._id === 'string' && typeof item.name === 'string')
  );
}

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Whether the shop's cash rules take cash for the cart delivered to the address's phone: the checkout says why not,
     * or what is paid online first, before the shopper chooses. Asked again when the cart changes.
     */
    getCashOffer: build.query<CashOffer, CashOfferQuery>({
      query: (params) => ({ url: '/order/cash', params }),
      providesTags: ['Cart'],
    }),
    // The spec names no cache tag for addresses: the list is read fresh on each visit and kept current by addAddress.
    getAddresses: build.query<Address[], void>({
      query: () => '/address',
    }),
    /** Answers with the whole saved list; the server keeps one copy of an address saved twice. */
    addAddress: build.mutation<Address[], AddressInput>({
      query: (address) => ({ url: '/address', method: 'POST', body: { address } }),
      async onQueryStarted(_address, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(checkoutApi.util.upsertQueryData('getAddresses', undefined, data));
        } catch {
          // The caller shows the error; the cached list is still right.
        }
      },
    }),
    /**
     * Answers with a one-order array. Placing changes the cart (emptied for cash), the
     * order list and the stock of every product involved, so all of those are read again.
     * The attempt's key makes a retry answer the order a lost answer had placed (checkoutStorage's orderAttemptKey).
     */
    placeOrder: build.mutation<Order[], { order: OrderCreateInput; attemptKey: string }>({
      query: ({ order, attemptKey }) => ({
        url: '/order',
        method: 'POST',
        body: order,
        headers: { 'Idempotency-Key': attemptKey },
      }),
      invalidatesTags: (result, error) => {
        const fromOrder = result?.flatMap((order) => order.products.map((line) => line.product_id)) ?? [];
        const data = error && 'status' in error ? error.data : undefined;
        const fromShortage = isOutOfStockList(data) ? data.map((item) => item._id) : [];
        const products = [...fromOrder, ...fromShortage].filter((id): id is string => id !== null);
        return ['Cart', { type: 'Order', id: LIST }, ...products.map((id) => ({ type: 'Product' as const, id }))];
      },
    }),
  }),
});

/** An address book change answers with the whole list, which replaces the cached one, as addAddress's does. */
async function keepAddressList({
  dispatch,
  queryFulfilled,
}: {
  dispatch: (action: ReturnType<typeof checkoutApi.util.upsertQueryData<'getAddresses'>>) => unknown;
  queryFulfilled: PromiseLike<{ data: Address[] }>;
}) {
  try {
    const { data } = await queryFulfilled;
    void dispatch(checkoutApi.util.upsertQueryData('getAddresses', undefined, data));
  } catch {
    // The caller shows the error; the cached list is still right.
  }
}

/** The account's address book: the same list, edited. */
const addressBookApi = checkoutApi.injectEndpoints({
  endpoints: (build) => ({
    /** The address book's changes, each answered with the whole list (the default first). */
    updateAddress: build.mutation<Address[], { id: string; address: AddressInput }>({
      query: ({ id, address }) => ({ url: `/address/${encodeURIComponent(id)}`, method: 'PUT', body: { address } }),
      onQueryStarted: (_arg, lifecycle) => keepAddressList(lifecycle),
    }),
    deleteAddress: build.mutation<Address[], string>({
      query: (id) => ({ url: `/address/${encodeURIComponent(id)}`, method: 'DELETE' }),
      onQueryStarted: (_id, lifecycle) => keepAddressList(lifecycle),
    }),
    makeDefaultAddress: build.mutation<Address[], string>({
      query: (id) => ({ url: `/address/${encodeURIComponent(id)}/default`, method: 'PUT' }),
      onQueryStarted: (_id, lifecycle) => keepAddressList(lifecycle),
    }),
  }),
});

export const { useGetAddressesQuery, useAddAddressMutation, usePlaceOrderMutation, useGetCashOfferQuery } = checkoutApi;
export const { useUpdateAddressMutation, useDeleteAddressMutation, useMakeDefaultAddressMutation } = addressBookApi;
