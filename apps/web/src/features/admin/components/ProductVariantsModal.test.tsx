import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { aProduct, tShirt } from '../../../test/products';
import { mockApi, renderRoute } from '../../../test/utils';
import { ProductVariantsModal } from './ProductVariantsModal';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const PRODUCT = '66666666-6666-4666-8666-666666666666';
const shoe = aProduct({
  _id: PRODUCT,
  name: 'Running Shoe',
  price: 1500,
  stock: 4,
  image_path: ['/uploads/a.webp', '/uploads/b.webp'],
  brand: 'Activ',
});

afterEach(() => act(() => changeLanguage('en')));

async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

describe('the variants editor', () => {
  it('makes one row per combination, sets price and stock in bulk, a variant’s sale, and saves the grid', async () => {
    const onClose = vi.fn();
    const { calls } = mockApi({
      [`GET /api/product/one/${PRODUCT}`]: { body: shoe },
      [`PUT /api/product/${PRODUCT}/variants`]: { body: shoe },
    });
    renderRoute(<ProductVariantsModal productId={PRODUCT} onClose={onClose} />);
    await userEvent.click(await screen.findByText('Add an option'));
    // Pasted rather than typed key by key: what is tested is the grid, not the inputs.
    await fill('Name', 'Size');
    await fill('Name in Arabic', 'المقاس');
    await fill('Values (comma-separated)', '41, 42, 43');
    await fill('Values in Arabic (same order)', '٤١، ٤٢، ٤٣');
    await userEvent.click(screen.getByText('Make the grid'));
    expect(screen.getAllByLabelText(/^SKU: /).map((input) => (input as HTMLInputElement).value)).toEqual([
      'ACTI-41',
      'ACTI-42',
      'ACTI-43',
    ]);
    // The shoe's 4 in stock are shared among the new rows, not lost.
    expect(screen.getAllByLabelText(/^Stock: /).map((input) => (input as HTMLInputElement).value)).toEqual([
      '2',
      '1',
      '1',
    ]);
    expect(screen.getByTestId('grid-stock')).toHaveTextContent('Stock in all: 4 (now 4)');
    await fill('Stock for all', '7');
    await userEvent.click(screen.getByText('Apply'));
    await userEvent.clear(screen.getByLabelText('Price: 43'));
    await fill('Price: 43', '1600');
    await fill('Before sale: 43', '1900');
    await userEvent.click(screen.getByText('Remove 42'));
    await userEvent.click(screen.getByText('Submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      options: [
        {
          name: 'Size',
          nameAr: 'المقاس',
          values: [
            { value: '41', valueAr: '٤١' },
            { value: '42', valueAr: '٤٢' },
            { value: '43', valueAr: '٤٣' },
          ],
        },
      ],
      variants: [
        { sku: 'ACTI-41', options: { Size: '41' }, price: 1500, compareAtPrice: null, stock: 7, image_path: [] },
        { sku: 'ACTI-43', options: { Size: '43' }, price: 1600, compareAtPrice: 1900, stock: 7, image_path: [] },
      ],
      emptyStock: false,
    });
  });

  it('asks before saving a grid that leaves a product in stock with none, and says so to the server', async () => {
    const onClose = vi.fn();
    const { calls } = mockApi({
      [`GET /api/product/one/${PRODUCT}`]: { body: shoe },
      [`PUT /api/product/${PRODUCT}/variants`]: { body: shoe },
    });
    renderRoute(<ProductVariantsModal productId={PRODUCT} onClose={onClose} />);
    await userEvent.click(await screen.findByText('Add an option'));
    await fill('Name', 'Size');
    await fill('Values (comma-separated)', '41, 42');
    await userEvent.click(screen.getByText('Make the grid'));
    await fill('Stock for all', '0');
    await userEvent.click(screen.getByText('Apply'));
    await userEvent.click(screen.getByText('Submit'));

    const dialog = await screen.findByRole('dialog', { name: 'Leave the product out of stock?' });
    expect(dialog).toHaveTextContent('The product has 4 in stock now');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Save with no stock' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ emptyStock: true });
  });

  it('in Arabic, names the grid’s options and values in Arabic where the options have it', async () => {
    await act(() => changeLanguage('ar'));
    // The colour's name has no Arabic: it stays English. (What is saved stays keyed in English: the first test.)
    const [size, colour] = tShirt.options ?? [];
    const shirt = { ...tShirt, _id: PRODUCT, options: [size!, { ...colour!, nameAr: null }] };
    mockApi({ [`GET /api/product/one/${PRODUCT}`]: { body: shirt } });
    renderRoute(<ProductVariantsModal productId={PRODUCT} onClose={() => {}} />);
    const grid = await screen.findByRole('table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .slice(0, 2)
        .map((cell) => cell.textContent),
    ).toEqual(['المقاس', 'Colour']);
    expect(within(grid).getAllByRole('row')[1]).toHaveTextContent(/^وسطأحمر/);
    expect(screen.getByLabelText('السعر: وسط، أحمر')).toHaveValue('250');
    expect(screen.getByRole('button', { name: 'حذف كبير، أحمر' })).toBeInTheDocument();
  });

  it('gives each field of a row the room for its whole value (admin.css), the grid scrolling sideways instead', async () => {
    mockApi({ [`GET /api/product/one/${PRODUCT}`]: { body: { ...tShirt, _id: PRODUCT } } });
    renderRoute(<ProductVariantsModal productId={PRODUCT} onClose={() => {}} />);
    const grid = await screen.findByRole('table');
    expect(grid).toHaveClass('variants-table');
    expect(screen.getByLabelText('SKU: M, Red')).toHaveClass('variant-sku');
    expect(screen.getByLabelText('Price: M, Red')).toHaveClass('variant-price');
    expect(screen.getByLabelText('Before sale: M, Red')).toHaveClass('variant-price');
    expect(screen.getByLabelText('Stock: M, Red')).toHaveClass('variant-stock');
  });
});
