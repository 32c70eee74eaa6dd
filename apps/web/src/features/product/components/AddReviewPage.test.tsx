import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute, shopperSession } from '../../../test/utils';
import { AddReviewPage } from './AddReviewPage';

const kettle: Product = {
  _id: 'p1',
  name: 'Electric kettle',
  nameAr: 'غلاية كهربائية',
  price: 899,
  compareAtPrice: null,
  stock: 3,
  rating: 0,
  numReviews: 0,
  image_path: [],
  category: { _id: 'c1', name: 'Kitchen', nameAr: 'المطبخ' },
  department: { _id: 'd1', name: 'Home', nameAr: 'المنزل' },
  brand: 'Tornado',
  description: 'Boils water.',
  descriptionAr: null,
  weight: 1,
  cod: true,
  warranty: null,
  warrantyAr: null,
};

const renderReview = () =>
  renderRoute(<AddReviewPage />, {
    path: '/AddReview',
    url: '/AddReview?product=p1',
    preloadedState: { session: shopperSession },
  });

describe('/AddReview', () => {
  afterEach(() => changeLanguage('en'));

  it("names the product in the shopper's language", async () => {
    await changeLanguage('ar');
    mockApi({ 'GET /api/product/one/p1': { body: kettle } });
    renderReview();
    expect(await screen.findByRole('link', { name: 'غلاية كهربائية' })).toHaveAttribute('href', '/product/one/p1');
    expect(screen.queryByText('Electric kettle')).not.toBeInTheDocument();
    expect(document.title).toBe('اكتب مراجعة للمنتج – EGP Shop');
  });

  it("says a review that could not be sent didn't go through, in Arabic, not the browser's English", async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    const { fetchMock } = mockApi({ 'GET /api/product/one/p1': { body: kettle } });
    renderReview();
    await screen.findByRole('link', { name: 'غلاية كهربائية' });
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.type(screen.getByLabelText('عنوان المراجعة'), 'ممتازة');
    await user.type(screen.getByLabelText('مراجعتك'), 'تغلي الماء بسرعة');
    await user.click(screen.getByRole('button', { name: 'إرسال المراجعة' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'لم تكتمل العملية. يُرجى التحقق من اتصالك والمحاولة مرة أخرى بعد قليل.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent(/TypeError|fetch/);
  });
});
