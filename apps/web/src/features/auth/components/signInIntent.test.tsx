import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CART_TOAST_MS, type ProductDetail } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { notify } from '../../../lib/notify';
import { aProduct, tShirt } from '../../../test/products';
import { mockApi, renderRoute, shopperSession, verifyAskingName } from '../../../test/utils';
import { variantLine } from '../../cart';
import { useProductActions } from '../../productActions';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';

vi.mock('../../../lib/notify', () => ({
  notify: { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn() },
}));

afterEach(async () => {
  sessionStorage.clear();
  await changeLanguage('en');
});

/** A product's Add to Cart and heart, as a card or the product page has them; /login is the sign-in screen. */
function ProductControls({ product }: { product: ProductDetail }) {
  const actions = useProductActions();
  const [variant] = product.variants ?? [];
  return (
    <>
      <button onClick={() => actions.onAddToCart(variant ? variantLine(product, variant) : product)}>Add</button>
      <button onClick={() => actions.onToggleFavourite(product)}>Heart</button>
    </>
  );
}

const atProduct = (product: ProductDetail) =>
  renderRoute(<ProductControls product={product} />, { path: '/product/one/:id', url: `/product/one/${product._id}` });

/** The API of a shop where `product` is as the test says now, and the shopper's cart and favourites are empty. */
function shopWith(product: ProductDetail, more: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'POST /api/user/login': { body: shopperSession },
    [`GET /api/product/one/${product._id}`]: { body: product },
    'GET /api/cart': { body: { products: [], bill: 0 } },
    'GET /api/favourite': { body: [] },
    'PUT /api/cart/incItem': { body: { products: [{ product_id: product, quantity: 1 }], bill: product.price } },
    [`POST /api/favourite/${product._id}`]: { body: { message: 'added' } },
    ...more,
  });
}

async function signInByEmail(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'mariam@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret1!x');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('what a visitor pressed before signing in', () => {
  it('is said on the sign-in screen, then added to the cart once by e-mail sign-in, back on the product', async () => {
    const user = userEvent.setup();
    const { calls } = shopWith(aProduct());
    const { router, store } = atProduct(aProduct());
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Away from the product's route: the sign-in screen, with the state that brings the shopper back.
    const back = router.state.location.state as unknown;
    const { unmount } = renderRoute(<LoginPage />, { path: '/login', store });
    expect(screen.getByText('Sign in to add Cotton T-shirt to your cart')).toBeInTheDocument();

    await signInByEmail(user);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/cart/incItem')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/cart/incItem')?.body).toEqual({ product_id: 'p1', flag: 1 });
    expect(notify.success).toHaveBeenCalledWith('Cotton T-shirt added to cart', expect.anything());
    expect(back).toEqual({ from: '/product/one/p1' });
    // Once: the kept press is gone, so signing in again adds nothing more.
    expect(sessionStorage.length).toBe(0);
    unmount();
  });

  it('is said on the sign-up screen too, and done once the account is made', async () => {
    const user = userEvent.setup();
    const { calls } = shopWith(aProduct(), { 'POST /api/user/register': { status: 201, body: shopperSession } });
    const { router, store } = atProduct(aProduct());
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The visitor follows "Create your account" instead of signing in.
    renderRoute(<SignupPage />, { path: '/signup', store });
    expect(screen.getByText('Create an account to add Cotton T-shirt to your cart')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Mariam Adel');
    await user.type(screen.getByLabelText('Email'), 'mariam@example.com');
    await user.type(screen.getByLabelText('Mobile number'), '01112345678');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Create your account' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/cart/incItem')).toHaveLength(1));
  });

  it('adds the variant chosen, priced and stocked as the shop has it now', async () => {
    const user = userEvent.setup();
    const [first] = tShirt.variants ?? [];
    const { calls } = shopWith(tShirt);
    const { router, store } = atProduct(tShirt);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    renderRoute(<LoginPage />, { path: '/login', store });
    await signInByEmail(user);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/cart/incItem')?.body).toEqual({
        product_id: 'p1',
        variant_id: first?._id,
        flag: 1,
      }),
    );
  });

  it('says an out-of-stock product is so, and adds nothing', async () => {
    const user = userEvent.setup();
    const { calls } = shopWith(aProduct({ stock: 0 }));
    const { router, store } = atProduct(aProduct());
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    renderRoute(<LoginPage />, { path: '/login', store });
    await signInByEmail(user);
    await waitFor(() =>
      expect(notify.warning).toHaveBeenCalledWith('Cotton T-shirt is out of stock', {
        position: 'bottom-left',
        autoClose: CART_TOAST_MS,
      }),
    );
    expect(calls.map((call) => call.path)).not.toContain('/api/cart/incItem');
    expect(store.getState().cart.items).toEqual([]);
  });

  it('in Arabic, is a heart kept through the phone code and its name step, saved to the favourites once', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    const product = aProduct({ nameAr: 'تيشيرت قطن' });
    const { calls } = shopWith(product, {
      'POST /api/auth/phone/start': { status: 202, body: { message: 'تم إرسال الرمز' } },
      'POST /api/auth/phone/verify': verifyAskingName('اكتب اسمك'),
    });
    const { router, store } = atProduct(product);
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    renderRoute(<LoginPage />, { path: '/login', store });
    expect(screen.getByText('سجّل الدخول لحفظ تيشيرت قطن في مفضلتك')).toBeInTheDocument();

    await user.type(screen.getByLabelText('رقم موبايلك'), '01012345678');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    await user.type(await screen.findByLabelText('الرمز'), '123456');
    await user.click(screen.getByRole('button', { name: 'متابعة' }));
    // Asking the name signs nobody in, so nothing is done yet.
    const name = await screen.findByLabelText('اسمك');
    expect(store.getState().session.user).toBeNull();
    expect(calls.map((call) => call.path)).not.toContain('/api/product/one/p1');
    await user.type(name, 'مريم');
    await user.click(screen.getByRole('button', { name: 'متابعة' }));

    await waitFor(() => expect(calls.filter((call) => call.path === '/api/favourite/p1')).toHaveLength(1));
    expect(notify.info).toHaveBeenCalledWith(expect.stringContaining('تيشيرت قطن'));
    expect(store.getState().favourites.items).toEqual([expect.objectContaining({ _id: 'p1' })]);
  });

  it('is not toggled off when the product is a favourite already', async () => {
    const user = userEvent.setup();
    const { calls } = shopWith(aProduct(), { 'GET /api/favourite': { body: [aProduct()] } });
    const { router, store } = atProduct(aProduct());
    await user.click(screen.getByRole('button', { name: 'Heart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    renderRoute(<LoginPage />, { path: '/login', store });
    await signInByEmail(user);
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/product/one/p1'));
    await waitFor(() => expect(store.getState().favourites.items).toEqual([expect.objectContaining({ _id: 'p1' })]));
    expect(calls.filter((call) => call.path === '/api/favourite/p1')).toEqual([]);
  });

  it.each([
    ['expired', { until: Date.now() - 1 }],
    ['kept longer than a sign-in takes', { until: Date.now() + 24 * 3_600_000 }],
    ['naming no product of the shop', { productId: '../user/delete' }],
    ['of an unknown kind', { action: 'checkout' }],
  ])('is ignored when the kept value is %s', async (_case, change) => {
    const user = userEvent.setup();
    const kept = { action: 'cart', productId: 'p1', name: 'Cotton T-shirt', until: Date.now() + 60_000, ...change };
    sessionStorage.setItem('signInIntent', JSON.stringify(kept));
    const { calls } = shopWith(aProduct());
    const { store } = renderRoute(<LoginPage />, { path: '/login' });
    expect(screen.queryByText(/to your cart/)).not.toBeInTheDocument();
    await signInByEmail(user);
    await waitFor(() => expect(store.getState().session.user).not.toBeNull());
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/cart'));
    expect(calls.map((call) => call.path)).not.toContain('/api/product/one/p1');
    expect(sessionStorage.length).toBe(0);
  });
});
