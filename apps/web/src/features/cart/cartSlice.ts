import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  labelVariant,
  linesTotal,
  type Cart,
  type ChosenOption,
  type LineVariant,
  type Product,
  type Variant,
} from '@shop/contracts';
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
  /** The chosen variant of a product with options (its price, stock and picture are the line's). */
  variant?: LineVariant;
}

/** What tells cart lines apart: the variant's id, or the product's for a product sold as one thing. */
export const lineKey = (line: { _id: string; variant?: { _id: string | null } | undefined }): string =>
  line.variant?._id ?? line._id;

export interface CartState {
  items: CartItem[];
  totalQuantity: number;
  totalAmount: number;
}

export type CartProduct = Pick<Product, '_id' | 'name' | 'price' | 'stock' | 'image_path'> &
  Partial<Pick<Product, 'nameAr'>> & { variant?: LineVariant };

/** A variant as the cart takes it: its own line, priced, stocked and pictured as the variant. */
export function variantLine(product: Product, variant: Variant): CartProduct {
  return {
    ...product,
    price: variant.price,
    stock: variant.stock,
    image_path: variant.image_path.length ? variant.image_path : product.image_path,
    variant: { _id: variant._id, sku: variant.sku, options: labelVariant(product.options ?? [], variant.options) },
  };
}

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
  ...(product.variant && { variant: product.variant }),
});

const cartSlice = createSlice({
  name: 'cart',
  initialState: emptyCart,
  reducers: {
    /** An existing line goes up by one; a new product comes in with quantity 1. */
    addToCart: (state, action: PayloadAction<CartProduct>) => {
      const line = state.items.find((item) => lineKey(item) === lineKey(action.payload));
      if (line) {
        line.cartQuantity += 1;
        line.price = action.payload.price;
        line.stock = action.payload.stock;
      } else {
        state.items.push(toItem(action.payload, 1));
      }
      Object.assign(state, withTotals(state.items));
    },
    /** Above 1 the quantity goes down by one; at 1 the line leaves the cart. Lines are named by lineKey. */
    decreaseCart: (state, action: PayloadAction<string>) => {
      const line = state.items.find((item) => lineKey(item) === action.payload);
      if (!line) return;
      if (line.cartQuantity > 1) line.cartQuantity -= 1;
      else state.items = state.items.filter((item) => lineKey(item) !== action.payload);
      Object.assign(state, withTotals(state.items));
    },
    removeFromCart: (state, action: PayloadAction<string>) =>
      withTotals(state.items.filter((item) => lineKey(item) !== action.payload)),
    clearCart: () => emptyCart,
    /** The server cart, the truth for a signed-in shopper, replaces the local mirror. */
    cartReplaced: (_state, action: PayloadAction<CartItem[]>) => withTotals(action.payload),
  },
});

export const { addToCart, decreaseCart, removeFromCart, clearCart, cartReplaced } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

/** The server cart as local lines. */
export function fromServerCart(cart: Cart): CartItem[] {
  return cart.products.map(({ product_id: product, quantity, variant }) =>
    toItem(variant ? { ...product, variant } : product, quantity),
  );
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

function readChosen(value: unknown): ChosenOption | null {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.value !== 'string') return null;
  return { name: value.name, nameAr: textOrNull(value.nameAr), value: value.value, valueAr: textOrNull(value.valueAr) };
}

/**
 * A saved line's variant; a hand-edited one is dropped. Checked by hand rather than with the shared zod schema:
 * the cart is read on every first page load, which goes without zod (lib/zodConfig.ts).
 */
function readVariant(value: unknown): LineVariant | undefined {
  if (!isRecord(value) || typeof value._id !== 'string' || typeof value.sku !== 'string') return undefined;
  if (!Array.isArray(value.options)) return undefined;
  const options = value.options.map(readChosen);
  if (options.some((o) => o === null)) return undefined;
  return { _id: value._id, sku: value.sku, options: options.filter((o): o is ChosenOption => o !== null) };
}

function readItem(value: unknown): CartItem | null {
  if (!isRecord(value)) return null;
  const { _id, name, nameAr, price, image, stock, cartQuantity, variant } = value;
  if (typeof _id !== 'string' || typeof name !== 'string' || typeof price !== 'number') return null;
  if (typeof cartQuantity !== 'number' || !Number.isInteger(cartQuantity) || cartQuantity < 1) return null;
  const chosen = readVariant(variant);
  return {
    _id,
    name,
    nameAr: typeof nameAr === 'string' ? nameAr : null,
    price,
    image: typeof image === 'string' ? image : null,
    stock: typeof stock === 'number' ? stock : Number.POSITIVE_INFINITY,
    cartQuantity,
    ...(chosen && { variant: chosen }),
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
/** The header badge counts distinct products, not units nor lines: two sizes of one T-shirt count once. */
export const selectCartCount = (state: WithCart) => new Set(state.cart.items.map((item) => item._id)).size;
