export { cartApi } from './api/cartApi';
export { addItem, removeItem } from './cartActions';
export { clearCart, lineKey, restoreCart, type CartProduct } from './cartSlice';
export { useCart } from './useCart';
