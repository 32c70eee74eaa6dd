import { demoAdmin, newShopper, PASSWORD, signIn } from '../support/accounts';
import { ar } from '../support/arabic';
import { demoProduct, HALF_STAR } from '../support/catalog';
import { test, expect } from '../support/test';
import { egp, expectCartCount, paintedStars, toast } from '../support/ui';

interface ApiReview {
  _id: string;
  title: string;
  comment: string;
  rating: number;
  user: { _id: string; name: string };
}

test.describe('product page', () => {
  test('shows the images, the price in EGP, the stock state, a half-star rating, the description, the details and the reviews', async ({
    page,
    request,
  }) => {
    const product = await demoProduct(request, (item) => item.name === HALF_STAR);
    const reviews = (await (await request.get(`/api/review/product/${product._id}`)).json()) as ApiReview[];
    await page.goto(`/product/one/${product._id}`);

    await expect(page.getByRole('heading', { level: 1, name: HALF_STAR })).toBeVisible();
    const main = page.getByRole('main');
    // Images: the main picture, and thumbnails that choose it when there are several.
    const picture = main.getByRole('img', { name: HALF_STAR, exact: true });
    await expect(picture).toHaveAttribute('src', product.image_path[0] ?? '');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    if (product.image_path.length > 1) {
      await main.getByRole('button', { name: `Show picture 2 of ${product.image_path.length}` }).click();
      await expect(picture).toHaveAttribute('src', product.image_path[1] ?? '');
      await expect(
        main.getByRole('button', { name: `Show picture 2 of ${product.image_path.length}` }),
      ).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(main.locator('.product-detail-price')).toHaveText(egp(product.price));
    await expect(main.getByText(/^(in|out of) stock$/)).toBeVisible();

    // The seed rates it 4.5: four full stars and a half.
    expect(product.rating).toBe(4.5);
    const rating = main.getByRole('img', { name: 'Rated 4.5 out of 5' }).first();
    await expect(rating).toBeVisible();
    expect(await paintedStars(rating)).toEqual(['full', 'full', 'full', 'full', 'left half']);

    await expect(page.getByRole('region', { name: 'Description' })).toContainText(product.description);
    const details = page.getByRole('region', { name: 'Details' });
    await expect(details.locator('dt')).toHaveText(['Brand', 'Weight', 'Category', 'Department', 'Cash on delivery']);
    await expect(details.locator('dd')).toHaveText([
      product.brand,
      `${product.weight} kg`,
      product.category.name,
      product.department.name,
      product.cod ? 'Yes' : 'No',
    ]);

    const reviewList = page.getByRole('region', { name: 'Customer reviews' });
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) {
      // Two shoppers may give their reviews the same title: each review is its author's article of that title.
      const item = reviewList.getByRole('article', { name: review.title }).filter({ hasText: review.user.name });
      await expect(item).toContainText(review.comment);
      await expect(item.getByRole('img', { name: `Rated ${review.rating} out of 5` })).toBeVisible();
    }
    // A visitor may read the reviews but delete none.
    await expect(reviewList.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  });

  test('in Arabic the stars fill from the right: the half star is the leftmost, golden on its right', async ({
    page,
    request,
  }) => {
    const product = await demoProduct(request, (item) => item.name === HALF_STAR);
    await page.goto(`/ar/product/one/${product._id}`);
    const rating = page
      .getByRole('main')
      .getByRole('img', { name: ar('rating.label', { rating: 4.5 }) })
      .first();
    expect(await paintedStars(rating)).toEqual(['right half', 'full', 'full', 'full', 'full']);
  });

  test('stock above 0 shows in stock with Add to Cart enabled; otherwise out of stock, disabled', async ({
    page,
    request,
    makeProduct,
  }) => {
    const inStock = await makeProduct({ stock: 1 });
    const soldOut = await makeProduct({ stock: 0 });
    await signIn(page, await newShopper(request));
    const main = page.getByRole('main');
    await page.goto(`/product/one/${inStock._id}`);
    await expect(main.getByRole('heading', { level: 1, name: inStock.name })).toBeVisible();
    await expect(main.getByText('in stock', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await page.goto(`/product/one/${soldOut._id}`);
    await expect(main.getByRole('heading', { level: 1, name: soldOut.name })).toBeVisible();
    await expect(main.getByText('out of stock', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  test('an unknown product shows an error alert', async ({ page }) => {
    await page.goto('/product/one/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('main').locator('.alert-danger')).toBeVisible();
  });

  test('a visitor who writes a review, adds to the cart or hearts goes to /login', async ({ page, makeProduct }) => {
    const item = await makeProduct();
    const main = page.getByRole('main');
    for (const button of ['Write a product review', 'Add to Cart', `Add ${item.name} to favourites`]) {
      await page.goto(`/product/one/${item._id}`);
      await main.getByRole('button', { name: button, exact: true }).click();
      await expect(page).toHaveURL('/login');
    }
    await page.goto(`/AddReview?product=${item._id}`);
    await expect(page).toHaveURL('/login');
  });

  test('a visitor sent to /login by Add to Cart is told why, and signing in adds it, back on the product', async ({
    page,
    request,
    makeProduct,
  }) => {
    const item = await makeProduct();
    const shopper = await newShopper(request, 'Nour Later');
    await page.goto(`/product/one/${item._id}`);
    const productPage = page.url();
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByText(`Sign in to add ${item.name} to your cart`)).toBeVisible();

    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(productPage);
    await expect(toast(page, `${item.name} added to cart`)).toBeVisible();
    await expectCartCount(page, 1);
    // Once, and on the server: the account's cart holds the one unit.
    const cart = await request.get('/api/cart', { headers: { 'x-access-token': shopper.token } });
    expect(((await cart.json()) as { products: { quantity: number }[] }).products).toEqual([
      expect.objectContaining({ quantity: 1 }),
    ]);
  });
});

test.describe('reviews', () => {
  test('a shopper writes a review from the product page, sees it, and deletes it', async ({
    page,
    request,
    makeProduct,
  }) => {
    const item = await makeProduct();
    const shopper = await newShopper(request, 'Karim Reviewer');
    await signIn(page, shopper);
    await page.goto(`/product/one/${item._id}`);
    const reviews = page.getByRole('region', { name: 'Customer reviews' });
    await expect(reviews).toContainText('No reviews yet. Be the first to review this product.');

    await reviews.getByRole('button', { name: 'Write a product review' }).click();
    await expect(page).toHaveURL(`/AddReview?product=${item._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Write a product review' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: item.name })).toBeVisible();
    const ratings = page.getByRole('group', { name: 'Overall rating' }).getByRole('radio');
    await expect(ratings).toHaveCount(5);
    expect(
      (await ratings.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).sort(),
    ).toEqual(['1', '2', '3', '4', '5']);

    await page.getByText('4 stars', { exact: true }).click();
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await page.getByLabel('Title', { exact: true }).fill('Solid and well made');
    await page.getByLabel('Your review').fill('My daughter plays with it every day.\nStill like new.');
    await page.getByRole('button', { name: 'Submit review' }).click();

    await expect(page).toHaveURL(`/product/one/${item._id}`);
    await expect(toast(page, 'Thank you! Your review has been posted')).toBeVisible();
    const review = reviews.getByRole('article', { name: 'Solid and well made' });
    await expect(review).toContainText('Karim Reviewer');
    await expect(review).toContainText('My daughter plays with it every day.');
    await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    // The product's own rating follows its reviews.
    await expect(page.getByRole('main').getByRole('link', { name: /Rated 4 out of 5/ })).toContainText('(1 review)');

    await review.getByRole('button', { name: 'Delete the review “Solid and well made”' }).click();
    await expect(toast(page, 'Review Deleted Successfully')).toBeVisible();
    await expect(review).toHaveCount(0);
    await expect(reviews).toContainText('No reviews yet.');
  });

  test("another shopper's review has no delete button", async ({ page, request, makeProduct }) => {
    const item = await makeProduct();
    const author = await newShopper(request, 'Author Shopper');
    const posted = await request.post('/api/review', {
      headers: { 'x-access-token': author.token },
      data: { product: item._id, rating: 2, title: 'Not for me', comment: 'Too small.' },
    });
    expect(posted.status()).toBe(201);
    await signIn(page, await newShopper(request, 'Other Shopper'));
    await page.goto(`/product/one/${item._id}`);
    const review = page.getByRole('article', { name: 'Not for me' });
    await expect(review).toContainText('Too small.');
    await expect(review.getByRole('button')).toHaveCount(0);
  });

  test('an admin sees no cart, heart or review-writing controls, and may delete any review', async ({
    page,
    request,
    makeProduct,
  }) => {
    const admin = await demoAdmin(request);
    const item = await makeProduct();
    const author = await newShopper(request, 'Reviewing Shopper');
    const posted = await request.post('/api/review', {
      headers: { 'x-access-token': author.token },
      data: { product: item._id, rating: 5, title: 'Spam title', comment: 'Buy followers at example.com' },
    });
    expect(posted.status()).toBe(201);
    await signIn(page, admin);
    await page.goto(`/product/one/${item._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: /favourites/ })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Write a product review' })).toHaveCount(0);

    const review = main.getByRole('article', { name: 'Spam title' });
    await review.getByRole('button', { name: 'Delete the review “Spam title”' }).click();
    await expect(toast(page, 'Review Deleted Successfully')).toBeVisible();
    await expect(review).toHaveCount(0);
  });
});
