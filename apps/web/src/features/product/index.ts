export { useDeleteReviewMutation } from './api/reviewsApi';
