import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { renderRoute } from '../../../test/utils';
import { SortMenu } from './SortMenu';

afterEach(() => changeLanguage('en'));

function open(url: string) {
  const view = renderRoute(
    <>
      <SortMenu />
      <p>The list</p>
    </>,
    { path: '/list', url },
  );
  const menu = view.container.querySelector('details')!;
  const toggle = menu.querySelector('summary')!;
  return { ...view, menu, toggle };
}

describe('SortMenu', () => {
  it('offers each order as a link to this list in it, filters kept and back on the first page', () => {
    open('/list?brand=Samsung&page=3&sortBy=Price%3A+Low+to+High');
    expect(screen.getByText('Sort By')).toHaveTextContent('Sort By: Price: Low to High');
    const links = screen.getAllByRole('link', { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Price: Low to High', '/list?brand=Samsung&sortBy=Price%3A+Low+to+High'],
      ['Price: High to Low', '/list?brand=Samsung&sortBy=Price%3A+High+to+Low'],
      ['Avg. Customer review', '/list?brand=Samsung&sortBy=Avg.+Customer+review'],
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual(['true', null, null]);
  });

  it('marks no order when the address names none of ours', () => {
    open('/list?sortBy=cheapest');
    expect(screen.getByText('Sort By')).toHaveTextContent(/^Sort By$/);
    expect(screen.getAllByRole('link', { hidden: true }).filter((link) => link.hasAttribute('aria-current'))).toEqual(
      [],
    );
  });

  it('sorts in place on a choice, closes, and gives the focus back to its toggle', async () => {
    const { router, menu, toggle } = open('/list?brand=Samsung');
    await userEvent.click(toggle);
    expect(menu.open).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Avg. Customer review' }));
    expect(router.state.location.search).toBe('?brand=Samsung&sortBy=Avg.+Customer+review');
    expect(menu.open).toBe(false);
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveTextContent('Sort By: Avg. Customer review');
    expect(screen.getByRole('link', { name: 'Avg. Customer review', hidden: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('closes on Escape, back on its toggle, and on a click outside', async () => {
    const { menu, toggle } = open('/list');
    await userEvent.click(toggle);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Price: Low to High' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menu.open).toBe(false);
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    expect(menu.open).toBe(true);
    await userEvent.click(screen.getByText('The list'));
    expect(menu.open).toBe(false);
  });

  it('speaks Arabic', async () => {
    await changeLanguage('ar');
    open('/list?sortBy=Price%3A+High+to+Low');
    expect(screen.getByText('ترتيب حسب')).toHaveTextContent('ترتيب حسب: السعر: من الأعلى إلى الأقل');
    expect(screen.getAllByRole('link', { hidden: true }).map((link) => link.textContent)).toEqual([
      'السعر: من الأقل إلى الأعلى',
      'السعر: من الأعلى إلى الأقل',
      'متوسط تقييم العملاء',
    ]);
  });
});
