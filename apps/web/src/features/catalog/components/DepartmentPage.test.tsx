import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category, Department } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { aProduct } from '../../../test/products';
import { mockApi, renderRoute } from '../../../test/utils';
import { DepartmentPage } from './DepartmentPage';

const fashion: Department = { _id: 'd1', name: 'Fashion', nameAr: 'أزياء' };
const tShirts: Category = { _id: 'c1', name: 'T-shirts', nameAr: 'تيشيرتات', image_path: null, department: fashion };
const failed = { status: 500, body: { message: 'boom' } };

const renderPage = () => renderRoute(<DepartmentPage />, { path: '/department/:id', url: '/department/d1' });

describe('DepartmentPage', () => {
  afterEach(() => changeLanguage('en'));

  it('says what could not be loaded, with a retry that brings the whole page back', async () => {
    let fails = true;
    mockApi({
      'GET /api/department': () => (fails ? failed : { body: [fashion] }),
      'GET /api/category/dept/d1': () => (fails ? failed : { body: [tShirts] }),
      'GET /api/product': () => (fails ? failed : { body: { products: [aProduct()], pages: 1 } }),
    });
    const user = userEvent.setup();
    renderPage();
    const categories = screen.getByRole('region', { name: 'Categories' });
    const products = screen.getByRole('region', { name: 'Products in this department' });
    for (const section of [categories, products])
      expect(await within(section).findByRole('alert')).toHaveTextContent(
        'We could not load this right now. Please try again in a moment.',
      );
    // No controls for a list the page does not have.
    expect(screen.queryByText('Sort By')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();

    fails = false;
    await user.click(within(products).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fashion' })).toBeInTheDocument();
    expect(await within(categories).findByRole('heading', { name: 'T-shirts' })).toBeInTheDocument();
    expect(await within(products).findByRole('link', { name: /Cotton T-shirt/ })).toBeInTheDocument();
    expect(screen.getByText('Sort By')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('in Arabic, keeps the categories it has and asks again only for the products that failed', async () => {
    await changeLanguage('ar');
    let fails = true;
    const { calls } = mockApi({
      'GET /api/department': { body: [fashion] },
      'GET /api/category/dept/d1': { body: [tShirts] },
      'GET /api/product': () => (fails ? failed : { body: { products: [aProduct()], pages: 1 } }),
    });
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل هذا المحتوى الآن. يُرجى المحاولة مرة أخرى بعد قليل.');
    expect(within(screen.getByRole('region', { name: 'منتجات هذا القسم' })).getByRole('alert')).toBe(alert);
    expect(await screen.findByRole('heading', { name: 'تيشيرتات' })).toBeInTheDocument();

    fails = false;
    const asked = calls.length;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('link', { name: /Cotton T-shirt/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.slice(asked).map((call) => call.path.split('?')[0])).toEqual(['/api/product']);
  });
});
