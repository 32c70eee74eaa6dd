export { cartApi } from './api/cartApi';
export { addItem, loadServerCart, removeItem } from './cartActions';
export { clearCart, lineKey, restoreCart, variantLine, type CartProduct } from './cartSlice';
export { useCart } from './useCart';
