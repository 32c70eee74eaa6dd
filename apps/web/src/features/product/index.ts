export { useDeleteReviewMutation } from './api/reviewsApi';
export { ShopAnswer } from './components/ShopAnswer';
