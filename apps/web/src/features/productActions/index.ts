export { useProductActions } from './useProductActions';
