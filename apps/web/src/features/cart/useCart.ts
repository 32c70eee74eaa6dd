import { cartApi } from './api/cartApi';

/**
 * The shopper's server cart, read afresh each time a screen showing it mounts: an order is made from
 * this cart, so no screen may show an older copy of it. The local cart (the `cart` slice) is the
 * quick mirror for clicks and the header's count, and each read replaces it (getCart).
 */
export const useCart = () => cartApi.useGetCartQuery(undefined, { refetchOnMountOrArgChange: true });
