import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, dayInCairo, type Category, type Department, type ProductDetail } from '@shop/contracts';
import { notify } from '../../../lib/notify';
import { mockApi, renderRoute } from '../../../test/utils';
import { productFormData, type ProductFormValues } from '../productForm';
import { ProductFormModal } from './ProductFormModal';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

const ELECTRONICS = '11111111-1111-4111-8111-111111111111';
const FASHION = '22222222-2222-4222-8222-222222222222';
const PHONES = '33333333-3333-4333-8333-333333333333';
const LAPTOPS = '44444444-4444-4444-8444-444444444444';
const SHOES = '55555555-5555-4555-8555-555555555555';
const PRODUCT = '66666666-6666-4666-8666-666666666666';

const departments: Department[] = [
  { _id: ELECTRONICS, name: 'Electronics', nameAr: null },
  { _id: FASHION, name: 'Fashion', nameAr: null },
];
const category = (_id: string, name: string, department: Department): Category => ({
  _id,
  name,
  nameAr: null,
  image_path: null,
  department,
});
const catalogue = {
  'GET /api/department': { body: departments },
  [`GET /api/category/dept/${ELECTRONICS}`]: {
    body: [category(PHONES, 'Phones', departments[0]!), category(LAPTOPS, 'Laptops', departments[0]!)],
  },
  [`GET /api/category/dept/${FASHION}`]: { body: [category(SHOES, 'Shoes', departments[1]!)] },
};

const product: ProductDetail = {
  _id: PRODUCT,
  name: 'Galaxy A55',
  nameAr: 'جالاكسي A55',
  price: 18999,
  compareAtPrice: null,
  stock: 4,
  rating: 4,
  numReviews: 3,
  image_path: ['/uploads/a55.webp'],
  category: { _id: PHONES, name: 'Phones', nameAr: null },
  department: { _id: ELECTRONICS, name: 'Electronics', nameAr: null },
  brand: 'Samsung',
  description: 'A phone',
  descriptionAr: null,
  weight: 0.2,
  cod: false,
  warranty: '2-year agent warranty',
  warrantyAr: null,
  saleEndsOn: '2099-12-10',
};

const png = (name = 'front.png') => new File(['png'], name, { type: 'image/png' });
const field = (label: string) => screen.getByLabelText(label);
const categoryOptions = () =>
  within(field('Category') as HTMLSelectElement)
    .getAllByRole('option')
    .map((o) => o.textContent);
/** The rule message under a field ('' when it has none). */
const errorOf = (label: string) => document.getElementById(`${field(label).id}-error`)?.textContent;

beforeEach(() => {
  // jsdom has no object URLs; the previews only need distinct strings.
  Object.assign(URL, { createObjectURL: vi.fn((file: File) => `blob:${file.name}`), revokeObjectURL: vi.fn() });
});

async function fillValidProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(field('Department'), 'Electronics');
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Category' }),
    await screen.findByRole('option', { name: 'Phones' }),
  );
  await user.type(field('Product name'), 'Galaxy A55');
  await user.type(field('Description'), 'A phone');
  await user.type(field('Price (EGP)'), '18999');
  await user.type(field('Stock'), '4');
  await user.type(field('Weight (kg)'), '0.2');
  await user.type(field('Brand'), 'Samsung');
  await user.upload(field('Images'), [png('front.png'), png('back.png')]);
}

// Typing through a whole form in jsdom takes seconds; the default 5 s is too tight on a busy machine.
describe('the product form', () => {
  it('keeps the category list empty until a department is chosen, then lists that department’s categories', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(catalogue);
    renderRoute(<ProductFormModal onClose={vi.fn()} />);

    expect(await screen.findByRole('option', { name: 'Electronics' })).toBeInTheDocument();
    expect(categoryOptions()).toEqual(['Choose a category']);
    expect(screen.getByText('Choose a department first: its categories appear here.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/category/dept/'))).toBe(false);

    await user.selectOptions(field('Department'), 'Electronics');
    await waitFor(() => expect(categoryOptions()).toEqual(['Choose a category', 'Phones', 'Laptops']));
    await user.selectOptions(field('Category'), 'Phones');

    // Another department: its own categories, and the category has to be chosen again.
    await user.selectOptions(field('Department'), 'Fashion');
    await waitFor(() => expect(categoryOptions()).toEqual(['Choose a category', 'Shoes']));
    expect(field('Category')).toHaveValue('');
  });

  it("shows 'Required Field' under every missing field on submit, images included, and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(catalogue);
    renderRoute(<ProductFormModal onClose={vi.fn()} />);
    await screen.findByRole('option', { name: 'Electronics' });

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const label of [
      'Department',
      'Category',
      'Product name',
      'Description',
      'Price (EGP)',
      'Stock',
      'Weight (kg)',
      'Brand',
      'Images',
    ]) {
      await waitFor(() => expect(errorOf(label), label).toBe('Required Field'));
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('checks each field as it changes: a non-numeric number names its field', async () => {
    const user = userEvent.setup();
    mockApi(catalogue);
    renderRoute(<ProductFormModal onClose={vi.fn()} />);

    await user.type(field('Price (EGP)'), 'abc');
    expect(await screen.findByText('price must be a `number` type')).toBeInTheDocument();
    await user.type(field('Stock'), 'x');
    expect(await screen.findByText('stock must be a `number` type')).toBeInTheDocument();
    await user.type(field('Weight (kg)'), 'heavy');
    expect(await screen.findByText('weigth must be a `number` type')).toBeInTheDocument();

    await user.clear(field('Price (EGP)'));
    await waitFor(() => expect(errorOf('Price (EGP)')).toBe('Required Field'));
    await user.type(field('Price (EGP)'), '250');
    await waitFor(() => expect(errorOf('Price (EGP)')).toBe(''));
  });

  it('takes a price before sale only above the price, and sends it as compareAtPrice, with its last day', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { calls } = mockApi({ ...catalogue, 'POST /api/product': { status: 201, body: product } });
    renderRoute(<ProductFormModal onClose={onClose} />);
    await screen.findByRole('option', { name: 'Electronics' });
    await fillValidProduct(user);

    const before = field('Price before sale (optional)');
    await user.type(before, '100');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The price before the sale must be higher than the price')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(before);
    await user.type(before, '21999');
    // A last day already past would end the sale at once.
    const lastDay = field('Sale’s last day (optional)');
    await user.type(lastDay, addDays(dayInCairo(new Date()), -1));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The sale’s last day cannot be before today')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(lastDay);
    await user.type(lastDay, dayInCairo(new Date()));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = calls.filter((c) => c.method === 'POST');
    expect(sent?.body).toEqual(expect.stringContaining('name="compareAtPrice"\r\n\r\n21999'));
    expect(sent?.body).toEqual(expect.stringContaining(`name="saleEndsOn"\r\n\r\n${dayInCairo(new Date())}`));
  });

  it('checks a field when it loses focus, before anything was typed', async () => {
    const user = userEvent.setup();
    mockApi(catalogue);
    renderRoute(<ProductFormModal onClose={vi.fn()} />);

    await user.click(field('Product name'));
    expect(errorOf('Product name')).toBe('');
    await user.tab();
    await waitFor(() => expect(errorOf('Product name')).toBe('Required Field'));
    // Only the field that was left is judged.
    expect(errorOf('Brand')).toBe('');
  });

  it('accepts png and jpeg only, and previews the chosen pictures', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockApi(catalogue);
    renderRoute(<ProductFormModal onClose={vi.fn()} />);

    expect(field('Images')).toHaveAttribute('accept', 'image/png,image/jpeg');
    await user.upload(field('Images'), [png('a.png'), new File(['gif'], 'b.gif', { type: 'image/gif' })]);
    await waitFor(() => expect(errorOf('Images')).toBe('Images must be PNG or JPEG files'));

    await user.upload(field('Images'), [png('a.png'), new File(['jpg'], 'b.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(errorOf('Images')).toBe(''));
    expect(
      within(screen.getByRole('list', { name: 'Chosen pictures' }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['a.png', 'b.jpg']);
  });

  it("creates the product, says 'Product Added Successfully' once the server agreed, and closes", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { calls } = mockApi({ ...catalogue, 'POST /api/product': { status: 201, body: product } });
    renderRoute(<ProductFormModal onClose={onClose} />);
    await screen.findByRole('option', { name: 'Electronics' });

    await fillValidProduct(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = calls.filter((c) => c.method === 'POST');
    expect(sent?.path).toBe('/api/product');
    // Multipart with the API's names: productName travels as name, weigth as weight, the pictures as img.
    expect(sent?.body).toEqual(expect.stringContaining('name="name"\r\n\r\nGalaxy A55'));
    expect(sent?.body).toEqual(expect.stringContaining('name="weight"\r\n\r\n0.2'));
    // jsdom's File reaches Node's fetch without its name or bytes: the parts themselves are what can be checked.
    expect(String(sent?.body).match(/name="img"; filename=".*"\r\nContent-Type: image\/png/g)).toHaveLength(2);
    expect(notify.success).toHaveBeenCalledWith('Product Added Successfully');
  });

  it('takes an optional Arabic name and description, typed right to left, and sends them as nameAr and descriptionAr', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ ...catalogue, 'POST /api/product': { status: 201, body: product } });
    renderRoute(<ProductFormModal onClose={vi.fn()} />);
    await screen.findByRole('option', { name: 'Electronics' });

    await fillValidProduct(user);
    expect(field('Arabic name')).toHaveAttribute('dir', 'rtl');
    expect(field('Arabic description')).toHaveAttribute('dir', 'rtl');
    // The other texts follow what is typed, not the page: "2-year warranty" on an Arabic dashboard reads as typed.
    for (const label of ['Product name', 'Description', 'Warranty', 'Brand'])
      expect(field(label)).toHaveAttribute('dir', 'auto');
    await user.type(field('Arabic name'), 'جالاكسي A55');
    await user.type(field('Arabic description'), 'هاتف');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product Added Successfully'));
    const [sent] = calls.filter((c) => c.method === 'POST');
    expect(sent?.body).toEqual(expect.stringContaining('name="nameAr"\r\n\r\nجالاكسي A55'));
    expect(sent?.body).toEqual(expect.stringContaining('name="descriptionAr"\r\n\r\nهاتف'));
  });

  it("shows the server's refusal as an error and stays open with what was typed", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    mockApi({
      ...catalogue,
      'POST /api/product': { status: 400, body: { message: 'This category does not belong to the chosen department' } },
    });
    renderRoute(<ProductFormModal onClose={onClose} />);
    await screen.findByRole('option', { name: 'Electronics' });

    await fillValidProduct(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('This category does not belong to the chosen department'),
    );
    expect(notify.success).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(field('Product name')).toHaveValue('Galaxy A55');
  });

  it('fills the update form from the product, with images optional', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { calls } = mockApi({
      ...catalogue,
      [`GET /api/product/one/${PRODUCT}`]: { body: product },
      'PUT /api/product': { body: product },
    });
    renderRoute(<ProductFormModal productId={PRODUCT} onClose={onClose} />);

    expect(await screen.findByRole('heading', { name: 'Update Product' })).toBeInTheDocument();
    await waitFor(() => expect(field('Arabic name')).toHaveValue('جالاكسي A55'));
    expect(field('Arabic description')).toHaveValue('');
    await waitFor(() => expect(field('Category')).toHaveValue(PHONES));
    expect(field('Department')).toHaveValue(ELECTRONICS);
    expect(field('Product name')).toHaveValue('Galaxy A55');
    expect(field('Price (EGP)')).toHaveValue('18999');
    expect(field('Weight (kg)')).toHaveValue('0.2');
    expect(field('Sale’s last day (optional)')).toHaveValue('2099-12-10');
    expect(field('Cash on delivery')).not.toBeChecked();
    expect(screen.getByRole('img', { name: 'Current picture 1' })).toBeInTheDocument();

    await user.clear(field('Price (EGP)'));
    await user.type(field('Price (EGP)'), '17999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/product']);
    expect(notify.success).toHaveBeenCalledWith('Product Updated Successfully');
  });

  it('sends the stock it loaded, and stays open on the stock the server has when units sold meanwhile, saying so', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    // Loaded at 4; one unit sells, so the 6 typed (two received) is 5 on the server.
    let stock = 4;
    const { calls } = mockApi({
      ...catalogue,
      [`GET /api/product/one/${PRODUCT}`]: () => ({ body: { ...product, stock } }),
      'PUT /api/product': () => {
        stock = 5;
        return { body: { ...product, stock } };
      },
    });
    renderRoute(<ProductFormModal productId={PRODUCT} onClose={onClose} />);
    await waitFor(() => expect(field('Stock')).toHaveValue('4'));
    // The live region is there, empty, before it has anything to say, so its words are announced.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.clear(field('Stock'));
    await user.type(field('Stock'), '6');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('1 unit sold while you edited: the stock is now 5.'),
    );
    await waitFor(() => expect(field('Stock')).toHaveValue('5'));
    // The form stayed while the product was read again: the focus is still on the button pressed.
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    const sent = String(calls.find((c) => c.method === 'PUT')?.body);
    expect(sent).toMatch(/name="stock"\r\n\r\n6\r\n/);
    expect(sent).toMatch(/name="stockWas"\r\n\r\n4\r\n/);
  });

  it('says units sold without a count when the server kept the stock at 0', async () => {
    const user = userEvent.setup();
    // Loaded at 10, set to 2 (8 fewer), while 5 sold: 5 - 8 is kept at 0, so how many sold is unknown here.
    let stock = 10;
    mockApi({
      ...catalogue,
      [`GET /api/product/one/${PRODUCT}`]: () => ({ body: { ...product, stock } }),
      'PUT /api/product': () => {
        stock = 0;
        return { body: { ...product, stock } };
      },
    });
    renderRoute(<ProductFormModal productId={PRODUCT} onClose={vi.fn()} />);
    await waitFor(() => expect(field('Stock')).toHaveValue('10'));
    await user.clear(field('Stock'));
    await user.type(field('Stock'), '2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Units sold while you edited left none in stock: the stock is now 0.',
      ),
    );
  });

  it('shows the price and stock of a product with options as its variants’ and leaves them to the variant grid', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const withOptions: ProductDetail = {
      ...product,
      price: 16999,
      stock: 31,
      options: [{ name: 'Colour', nameAr: 'اللون', values: [{ value: 'Black', valueAr: 'أسود' }] }],
    };
    const { calls } = mockApi({
      ...catalogue,
      [`GET /api/product/one/${PRODUCT}`]: { body: withOptions },
      'PUT /api/product': { body: withOptions },
    });
    renderRoute(<ProductFormModal productId={PRODUCT} onClose={onClose} />);

    await waitFor(() => expect(field('Price (EGP)')).toHaveValue('16999'));
    expect(field('Price (EGP)')).toHaveAttribute('readonly');
    expect(field('Price (EGP)')).toHaveAccessibleDescription(
      'The lowest of its variants’ prices: set them under Variants.',
    );
    expect(field('Stock')).toHaveValue('31');
    expect(field('Stock')).toHaveAttribute('readonly');
    expect(field('Stock')).toHaveAccessibleDescription('All its variants’ units together: set them under Variants.');
    await user.type(field('Price (EGP)'), '1');
    expect(field('Price (EGP)')).toHaveValue('16999');
    // Its other fields are edited as any product's.
    expect(field('Weight (kg)')).not.toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('leaves the price and stock of a product sold as one thing to the form', async () => {
    mockApi({ ...catalogue, [`GET /api/product/one/${PRODUCT}`]: { body: product } });
    renderRoute(<ProductFormModal productId={PRODUCT} onClose={vi.fn()} />);

    await waitFor(() => expect(field('Price (EGP)')).toHaveValue('18999'));
    for (const label of ['Price (EGP)', 'Stock']) {
      expect(field(label)).not.toHaveAttribute('readonly');
      expect(field(label)).not.toHaveAccessibleDescription();
    }
  });
});

describe('productFormData', () => {
  it("sends the API's field names (name, weight), the id to update and every image as img", () => {
    const values: ProductFormValues = {
      department: ELECTRONICS,
      category: PHONES,
      productName: 'Galaxy A55',
      nameAr: null,
      descriptionAr: null,
      description: 'A phone',
      price: 18999.5,
      compareAtPrice: 20999,
      saleEndsOn: '2026-12-10',
      stock: 4,
      cod: true,
      brand: 'Samsung',
      weigth: 0.2,
      warranty: null,
      warrantyAr: null,
      images: [png('front.png'), png('back.png')],
    };
    const form = productFormData(values, PRODUCT);
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'img'))).toEqual({
      id: PRODUCT,
      name: 'Galaxy A55',
      brand: 'Samsung',
      category: PHONES,
      department: ELECTRONICS,
      description: 'A phone',
      price: '18999.5',
      compareAtPrice: '20999',
      saleEndsOn: '2026-12-10',
      stock: '4',
      weight: '0.2',
      cod: 'true',
      nameAr: '',
      descriptionAr: '',
      warranty: '',
      warrantyAr: '',
    });
    expect(form.getAll('img').map((file) => (file as File).name)).toEqual(['front.png', 'back.png']);
    expect(productFormData(values).has('id')).toBe(false);
    // Off sale: both sent empty, which the API takes as "no price before a sale" and "no last day".
    const bare = productFormData({ ...values, compareAtPrice: null, saleEndsOn: null });
    expect([bare.get('compareAtPrice'), bare.get('saleEndsOn')]).toEqual(['', '']);
  });
});
