import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductImport, ProductImportRejections } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute } from '../../../test/utils';
import { ProductImportDialog } from './ProductImportDialog';

const ID = '0f8a8e5b-8c55-4b8e-9a52-1b8e8f1f3c1a';
const BASE = `/api/admin/products/imports/${ID}`;

const job = (over: Partial<ProductImport> = {}): ProductImport => ({
  _id: ID,
  fileName: 'products.csv',
  status: 'checked',
  createMissing: true,
  totalRows: 120,
  doneRows: 0,
  check: {
    add: 100,
    update: 15,
    unchanged: 3,
    reject: 2,
    newDepartments: ['Garden'],
    newCategories: [{ department: 'Garden', name: 'Pots' }],
  },
  result: null,
  error: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

const rejected: ProductImportRejections = {
  rejections: [
    { line: 7, problems: [{ column: 'price', reason: 'price must be greater than 0' }] },
    {
      line: 12,
      problems: [
        { column: 'name', reason: 'Required Field' },
        { column: null, reason: 'This row has 3 cells where the header has 14' },
      ],
    },
  ],
  total: 2,
  pages: 1,
};

afterEach(() => act(() => changeLanguage('en')));

describe('the product import dialog', () => {
  it('checks a file, shows the dry run with every rejected row, applies it and follows its progress to the end', async () => {
    const user = userEvent.setup();
    let polls = 0;
    let applied = false;
    const { calls } = mockApi({
      'POST /api/admin/products/imports': { status: 201, body: job() },
      [`GET ${BASE}/rejections`]: { body: rejected },
      [`POST ${BASE}/apply`]: () => {
        applied = true;
        return { status: 202, body: job({ status: 'queued' }) };
      },
      [`GET ${BASE}`]: () =>
        !applied
          ? { body: job() }
          : ++polls < 2
            ? { body: job({ status: 'running', doneRows: 60 }) }
            : {
                body: job({
                  status: 'done',
                  doneRows: 120,
                  result: { add: 100, update: 15, unchanged: 3, reject: 2 },
                }),
              },
    });
    const onClose = vi.fn();
    renderRoute(<ProductImportDialog onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Import products from a CSV file' });
    await user.upload(
      within(dialog).getByLabelText(/^CSV file/),
      new File(['id,name\r\n'], 'products.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create missing departments and categories' }));
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));

    // The dry run: its counts, what it would create, and the rejected rows by line.
    expect(await within(dialog).findByText('Products to add')).toBeInTheDocument();
    const counts = within(dialog)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(counts).toEqual(['100', '15', '3', '2']);
    expect(within(dialog).getByText('New departments: Garden')).toBeInTheDocument();
    expect(within(dialog).getByText('New categories: Garden / Pots')).toBeInTheDocument();
    const table = await within(dialog).findByRole('table', { name: 'Rejected rows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '7priceprice must be greater than 0',
      '12nameRequired Field',
      'Whole rowThis row has 3 cells where the header has 14',
    ]);
    const upload = calls.find((call) => call.method === 'POST');
    expect(upload?.body).toMatch(/name="createMissing"\r\n\r\ntrue/);
    // jsdom hands the file to the fetch of Node under another name: that it is sent is what can be told.
    expect(upload?.body).toMatch(/name="file"; filename=".*"/);

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // The job runs on the server; the bar follows it, and says where it is in words too.
    const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuemax', '120');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '120'));
    expect(bar).toHaveAttribute('aria-valuetext', '120 of 120 rows');
    expect(within(dialog).getByRole('status')).toHaveTextContent('The import is complete.');
    expect(within(dialog).getByText('Products added')).toBeInTheDocument();

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows why a file is refused, and nothing to apply when the file changes nothing', async () => {
    const user = userEvent.setup();
    let refused = true;
    mockApi({
      'POST /api/admin/products/imports': () =>
        refused
          ? { status: 400, body: { message: 'This file is not saved as UTF-8' } }
          : {
              status: 201,
              body: job({
                check: { add: 0, update: 0, unchanged: 5, reject: 0, newDepartments: [], newCategories: [] },
              }),
            },
    });
    renderRoute(<ProductImportDialog onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const file = new File(['x'], 'products.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText(/^CSV file/), file);
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This file is not saved as UTF-8');

    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText('Nothing in this file would change the catalogue.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('in Arabic, the file box speaks Arabic, not the browser’s “Choose File” and “No file chosen”', async () => {
    await act(() => changeLanguage('ar'));
    const user = userEvent.setup();
    renderRoute(<ProductImportDialog onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    // The columns named in its Arabic sentences are set apart, left to right, as in the lists of columns.
    expect(within(dialog).getByText('variantStockAtExport')).toHaveAttribute('dir', 'ltr');
    await user.click(within(dialog).getByRole('button', { name: 'فحص الملف' }));
    const input = within(dialog).getByLabelText('اختر ملفًا');
    expect(input).toBe(within(dialog).getByLabelText(/^ملف CSV/));
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('لم يُختر ملف اختر ملف CSV لفحصه');

    await user.upload(input, new File(['id,name\r\n'], 'منتجات.csv', { type: 'text/csv' }));
    expect(input).toHaveAccessibleDescription('منتجات.csv');
  });
});
