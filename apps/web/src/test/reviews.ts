import { REVIEW_STARS, REVIEWS_PAGE_SIZE, type Review, type ReviewPage } from '@shop/contracts';

/**
 * The API's pages of a product's reviews (GET /api/review/product/:id/page), as mockApi's route: `reviews` newest
 * first, ten a page, narrowed by `stars` when asked, every review counted by stars on each page.
 */
export const reviewPages =
  (reviews: readonly Review[] = []) =>
  (request: Request): { body: ReviewPage } => {
    const query = new URL(request.url).searchParams;
    const stars = query.get('stars') === null ? null : Number(query.get('stars'));
    const page = Number(query.get('page') ?? 1);
    const asked = stars === null ? reviews : reviews.filter((review) => review.rating === stars);
    return {
      body: {
        reviews: asked.slice((page - 1) * REVIEWS_PAGE_SIZE, page * REVIEWS_PAGE_SIZE),
        pages: Math.ceil(asked.length / REVIEWS_PAGE_SIZE),
        stars: REVIEW_STARS.map((rating) => ({
          stars: rating,
          count: reviews.filter((review) => review.rating === rating).length,
        })),
      },
    };
  };
