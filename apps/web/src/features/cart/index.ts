export { cartApi } from './api/cartApi';
export { addItem, removeItem } from './cartActions';
export { clearCart, restoreCart } from './cartSlice';
export { useCart } from './useCart';
