import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Facets } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { renderRoute } from '../../../test/utils';
import { FilteredList } from './FilteredList';
import { NoMatch } from './NoMatch';

const facets: Facets = {
  brands: [
    { value: 'Apple', count: 3 },
    { value: 'Samsung', count: 2 },
  ],
  price: { min: 49.5, max: 1200 },
  ratings: [
    { value: 4, count: 2 },
    { value: 3, count: 4 },
    { value: 2, count: 0 },
    { value: 1, count: 5 },
  ],
  options: [],
};

/** A list of clothes: sizes (in Arabic too) and colours (in English only). */
const clothes: Facets = {
  ...facets,
  options: [
    {
      name: 'Size',
      nameAr: 'المقاس',
      values: [
        { value: 'M', valueAr: 'وسط', count: 4 },
        { value: 'L', valueAr: 'كبير', count: 2 },
      ],
    },
    { name: 'Colour', nameAr: null, values: [{ value: 'Red', valueAr: null, count: 3 }] },
  ],
};

afterEach(() => changeLanguage('en'));

/** What each button of the chips' region says to a screen reader. */
const chipLabels = (chips: HTMLElement) =>
  within(chips)
    .getAllByRole('button')
    .map((chip) => (chip.getAttribute('aria-label') ?? chip.textContent)?.replace(/\s/g, ' '));

function open(url: string, counts: Facets = facets) {
  const view = renderRoute(
    <FilteredList facets={counts} refreshing={false}>
      <NoMatch otherwise={<p>Nothing in this category</p>} />
    </FilteredList>,
    { path: '/list', url },
  );
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, search };
}

describe('FilteredList', () => {
  it('lists brands and ratings with their counts, by group', () => {
    open('/list');
    const brands = screen.getByRole('group', { name: 'Brand' });
    expect(within(brands).getByRole('checkbox', { name: 'Apple 3' })).not.toBeChecked();
    expect(within(brands).getByRole('checkbox', { name: 'Samsung 2' })).toBeInTheDocument();
    const ratings = screen.getByRole('group', { name: 'Customer review' });
    expect(within(ratings).getByRole('radio', { name: 'Any rating' })).toBeChecked();
    expect(within(ratings).getByRole('radio', { name: '4 stars & up 2' })).toBeEnabled();
    expect(within(ratings).getByRole('radio', { name: '2 stars & up 0' })).toBeDisabled();
    // One star is one, not "1 stars".
    expect(within(ratings).getByRole('radio', { name: /^1 star & up/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Min' })).toHaveAttribute('placeholder', '49');
  });

  it('keeps each choice in the address, with the sort order, and starts the pages over', async () => {
    const { search } = open('/list?sortBy=Price%3A+Low+to+High&page=2');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Samsung 2' }));
    expect(search().toString()).toBe('sortBy=Price%3A+Low+to+High&brand=Samsung');
    await userEvent.click(screen.getByRole('radio', { name: '4 stars & up 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash on delivery' }));
    expect(search().toString()).toBe('sortBy=Price%3A+Low+to+High&brand=Samsung&rating=4&inStock=true&cod=true');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Samsung 2' }));
    expect(search().getAll('brand')).toEqual([]);
  });

  it('applies a price range only when it is valid', async () => {
    const { search } = open('/list');
    const min = screen.getByRole('textbox', { name: 'Min' });
    const max = screen.getByRole('textbox', { name: 'Max' });
    await userEvent.type(min, '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // The check's rules and messages load on the first Apply.
    await waitFor(() => expect(min).toHaveAccessibleDescription('Enter an amount in EGP, like 250 or 99.50'));
    await userEvent.clear(min);
    await userEvent.type(min, '500');
    await userEvent.type(max, '100{Enter}');
    await waitFor(() => expect(max).toHaveAccessibleDescription('The lowest price cannot be above the highest'));
    expect(search().has('minPrice')).toBe(false);
    await userEvent.clear(max);
    await userEvent.type(max, '750.5{Enter}');
    await waitFor(() => expect(search().toString()).toBe('minPrice=500&maxPrice=750.5'));
    expect(max).not.toHaveAccessibleDescription();
  });

  it('shows the active filters as chips that remove them, and clears them all', async () => {
    const { search } = open('/list?brand=Apple&brand=Samsung&minPrice=100&rating=4&cod=true');
    const chips = screen.getByRole('region', { name: 'Active filters' });
    expect(chipLabels(chips)).toEqual([
      'Remove filter: Apple',
      'Remove filter: Samsung',
      'Remove filter: From EGP 100',
      'Remove filter: 4 stars & up',
      'Remove filter: Cash on delivery',
      'Clear all',
    ]);
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Apple' }));
    expect(search().toString()).toBe('brand=Samsung&minPrice=100&rating=4&cod=true');
    expect(chips).toHaveFocus();
    await userEvent.click(within(chips).getByRole('button', { name: 'Clear all' }));
    expect(search().toString()).toBe('');
    expect(screen.queryByRole('region', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('says when the filters leave nothing, with a way to clear them', async () => {
    const { search } = open('/list?rating=4&inStock=true');
    expect(screen.getByText('No products match these filters')).toBeInTheDocument();
    const main = screen.getByText('No products match these filters').closest('div');
    await userEvent.click(within(main as HTMLElement).getByRole('button', { name: 'Clear all' }));
    expect(search().toString()).toBe('');
    expect(screen.getByText('Nothing in this category')).toBeInTheDocument();
  });

  it('opens as a sheet from the Filters button on a phone, and closes on Show results', async () => {
    open('/list?cod=true');
    await userEvent.click(screen.getByRole('button', { name: 'Filters 1' }));
    // Its code (react-bootstrap's Offcanvas) loads on that first tap.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Filters' })).toHaveClass('show'));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('checkbox', { name: 'Cash on delivery' })).toBeChecked();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show results' }));
    // The sheet is the same element as the filters beside the list on a wide screen: closed, it is no longer shown.
    await expect.poll(() => sheet.classList.contains('show')).toBe(false);
  });

  it("lists each option's values with their counts, and keeps a choice in the address by the option's name", async () => {
    const { search } = open('/list?sortBy=Price%3A+Low+to+High&page=2', clothes);
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(
      within(sizes)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['opt.Size', 'opt.Size']);
    await userEvent.click(within(sizes).getByRole('checkbox', { name: 'L 2' }));
    await userEvent.click(within(sizes).getByRole('checkbox', { name: 'M 4' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Red 3' }));
    expect(search().toString()).toBe('sortBy=Price%3A+Low+to+High&opt.Size=L&opt.Size=M&opt.Colour=Red');
    expect(within(sizes).getByRole('checkbox', { name: 'L 2' })).toBeChecked();
    await userEvent.click(within(sizes).getByRole('checkbox', { name: 'L 2' }));
    expect(search().toString()).toBe('sortBy=Price%3A+Low+to+High&opt.Size=M&opt.Colour=Red');
    expect(screen.getByRole('button', { name: 'Filters 2' })).toBeInTheDocument();
  });

  it('shows the option values chosen as chips that remove them, in Arabic where the options give it', async () => {
    const { search } = open('/list?brand=Apple&opt.Size=M&opt.Colour=Red&opt.Size=L', clothes);
    const chips = screen.getByRole('region', { name: 'Active filters' });
    expect(chipLabels(chips)).toEqual([
      'Remove filter: Apple',
      'Remove filter: Size: M',
      'Remove filter: Size: L',
      'Remove filter: Colour: Red',
      'Clear all',
    ]);
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Size: M' }));
    expect(search().toString()).toBe('brand=Apple&opt.Size=L&opt.Colour=Red');

    await changeLanguage('ar');
    expect(screen.getByRole('group', { name: 'المقاس' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'كبير 2' })).toBeChecked();
    // Without Arabic words, the stored ones, marked as English.
    expect(screen.getByRole('group', { name: 'Colour' }).querySelector('legend [lang="en"]')).toHaveTextContent(
      'Colour',
    );
    expect(screen.getByRole('button', { name: 'إزالة عامل التصفية: المقاس: كبير' })).toBeInTheDocument();
  });

  it('lists the options chosen before the first counts arrive, and sends them without JavaScript', () => {
    const view = renderRoute(
      <FilteredList facets={undefined} refreshing={false}>
        <p>Loading</p>
      </FilteredList>,
      { path: '/list', url: '/list?opt.Size=M' },
    );
    const box = screen.getByRole('checkbox', { name: 'M' });
    expect(box).toBeChecked();
    expect(new FormData(box.closest('form') ?? undefined).getAll('opt.Size')).toEqual(['M']);
    view.unmount();
  });
});
