import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { linesTotal, type Cart, type Product } from '@shop/contracts';
import { isRecord } from '../../lib/guards';

/** Local storage key of the local cart. */
export const CART_KEY = 'cartItems';

/** A local cart line: the product fields the cart needs plus cartQuantity. */
export interface CartItem {
  _id: string;
  name: string;
  /** The Arabic name, when the product has one (the server's cart lines do not carry it). */
  nameAr?: string | null;
  price: number;
  image: string | null;
  /** Known stock, so the cart never offers more than the shop has. */
  stock: number;
  cartQuantity: number;
}

export interface CartState {
  items: CartItem[];
  totalQuantity: number;
  totalAmount: number;
}

export type CartProduct = Pick<Product, '_id' | 'name' | 'price' | 'stock' | 'image_path'> &
  Partial<Pick<Product, 'nameAr'>>;

/** The amount is summed in piastres, so adding prices like 0.1 + 0.2 gives no floating-point crumbs. */
function withTotals(items: CartItem[]): CartState {
  const totalQuantity = items.reduce((sum, item) => sum + item.cartQuantity, 0);
  const totalAmount = linesTotal(items.map((item) => ({ price: item.price, quantity: item.cartQuantity })));
  return { items, totalQuantity, totalAmount };
}

export const emptyCart: CartState = withTotals([]);

const toItem = (product: CartProduct, cartQuantity: number): CartItem => ({
  _id: product._id,
  name: product.name,
  nameAr: product.nameAr ?? null,
  price: product.price,
  image: product.image_path[0] ?? null,
  stock: product.stock,
  cartQuantity,
});

const cartSlice = createSlice({
  name: 'cart',
  initialState: emptyCart,
  reducers: {
    /** An existing line goes up by one; a new product comes in with quantity 1. */
    addToCart: (state, action: PayloadAction<CartProduct>) => {
      const line = state.items.find((item) => item._id === action.payload._id);
      if (line) {
        line.cartQuantity += 1;
        line.price = action.payload.price;
        line.stock = action.payload.stock;
      } else {
        state.items.push(toItem(action.payload, 1));
      }
      Object.assign(state, withTotals(state.items));
    },
    /** Above 1 the quantity goes down by one; at 1 the line leaves the cart. */
    decreaseCart: (state, action: PayloadAction<string>) => {
      const line = state.items.find((item) => item._id === action.payload);
      if (!line) return;
      if (line.cartQuantity > 1) line.cartQuantity -= 1;
      else state.items = state.items.filter((item) => item._id !== action.payload);
      Object.assign(state, withTotals(state.items));
    },
    removeFromCart: (state, action: PayloadAction<string>) =>
      withTotals(state.items.filter((item) => item._id !== action.payload)),
    clearCart: () => emptyCart,
    /** The server cart, the truth for a signed-in shopper, replaces the local mirror. */
    cartReplaced: (_state, action: PayloadAction<CartItem[]>) => withTotals(action.payload),
  },
});

export const { addToCart, decreaseCart, removeFromCart, clearCart, cartReplaced } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

/** The server cart as local lines. */
export function fromServerCart(cart: Cart): CartItem[] {
  return cart.products.map(({ product_id: product, quantity }) => toItem(product, quantity));
}

function readItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { _id, name, nameAr, price, image, stock, cartQuantity } = value;
  if (typeof _id !== 'string' || typeof name !== 'string' || typeof price !== 'number') return null;
  if (typeof cartQuantity !== 'number' || !Number.isInteger(cartQuantity) || cartQuantity < 1) return null;
  return {
    _id,
    name,
    nameAr: typeof nameAr === 'string' ? nameAr : null,
    price,
    image: typeof image === 'string' ? image : null,
    stock: typeof stock === 'number' ? stock : Number.POSITIVE_INFINITY,
    cartQuantity,
  };
}

/**
 * The saved cart, totals recomputed at start, so a stale or
 * hand-edited copy can never show a wrong count or price.
 */
export function restoreCart(stored: unknown): CartState {
  const list = isRecord(stored) && Array.isArray(stored.items) ? stored.items : Array.isArray(stored) ? stored : [];
  return withTotals(list.map(readItem).filter((item): item is CartItem => item !== null));
}

interface WithCart {
  cart: CartState;
}
/** The header badge counts distinct products, not units. */
export const selectCartCount = (state: WithCart) => state.cart.items.length;
