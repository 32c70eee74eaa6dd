import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { Banner, Category, Department } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { BannersAdminPage } from './BannersAdminPage';

const ELECTRONICS: Department = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Electronics',
  nameAr: 'إلكترونيات',
};
const PHONES: Category = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Phones',
  nameAr: null,
  image_path: null,
  department: ELECTRONICS,
};
const GONE = '/department/33333333-3333-4333-8333-333333333333';

const aBanner = (altAr: string, link: string): Banner => ({
  _id: altAr,
  image: '/banners/a.svg',
  imageAr: '/banners/a.ar.svg',
  imageNarrow: null,
  imageNarrowAr: null,
  alt: altAr,
  altAr,
  link,
  position: 0,
  startsOn: null,
  endsOn: null,
  onlyDuringSale: false,
  enabled: true,
  state: 'live',
  shown: true,
});

afterEach(() => act(() => changeLanguage('en')));

describe('the banners screen', () => {
  it('names where a banner leads: a department or category by its name in the page’s language, else its path', async () => {
    await act(() => changeLanguage('ar'));
    mockApi({
      'GET /api/admin/banners': {
        body: [
          aBanner('قسم', paths.department(ELECTRONICS._id)),
          aBanner('فئة', `${paths.category(PHONES._id)}?sort=price`),
          aBanner('محذوف', GONE),
          aBanner('بحث', '/searchResults/phones'),
        ],
      },
      'GET /api/department': { body: [ELECTRONICS] },
      'GET /api/category': { body: [PHONES] },
    });
    renderRoute(<BannersAdminPage />, { preloadedState: { session: adminSession } });

    expect(await screen.findByRole('link', { name: 'إلكترونيات' })).toHaveAttribute(
      'href',
      paths.department(ELECTRONICS._id),
    );
    // A category without an Arabic name: its English one.
    expect(await screen.findByRole('link', { name: 'Phones' })).toHaveAttribute(
      'href',
      `${paths.category(PHONES._id)}?sort=price`,
    );
    // Both lists loaded by now: a department no longer there, and a page of another kind, by their paths.
    expect(screen.getByText(GONE)).toBeInTheDocument();
    expect(screen.getByText('/searchResults/phones')).toBeInTheDocument();
  });
});
