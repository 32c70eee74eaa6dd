import { PASSWORD, signedInShopper } from '../support/accounts';
import { ar, openInArabic } from '../support/arabic';
import { codeIn, newMobile, smsTo, whatsappTo } from '../support/messages';
import { expect, test } from '../support/test';
import { header } from '../support/ui';

/** The session the app stored once signed in. */
const storedSession = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      JSON.parse(window.localStorage.getItem('userData') ?? 'null') as {
        token: string;
        user: { _id: string; email: string | null };
      } | null,
  );

test('a new shopper signs up with a WhatsApp code in Arabic, orders, and hears of the order on WhatsApp in Arabic', async ({
  page,
  request,
  makeProduct,
}) => {
  const mobile = newMobile();
  const product = await makeProduct({ name: 'Phone order', stock: 5, price: 120 });
  await openInArabic(page);
  await page.goto('/signup');
  await page.getByLabel(ar('auth.phoneSignIn.phone')).fill(mobile.local);
  await expect(page.getByRole('radio', { name: ar('auth.phoneSignIn.whatsapp') })).toBeChecked();
  await page.getByRole('button', { name: ar('auth.phoneSignIn.send') }).click();
  const code = await codeIn(async () => (await whatsappTo(mobile.international)).map((message) => message.text));
  const [sent] = await whatsappTo(mobile.international);
  expect(sent?.request.template).toMatchObject({ name: 'sign_in_code', language: { code: 'ar' } });

  await page.getByLabel(ar('auth.phoneSignIn.code')).fill(code);
  await page.getByRole('button', { name: ar('auth.phoneSignIn.submit') }).click();
  // No account for this number yet: the form asks for a name, and the same code makes it.
  await page.getByLabel(ar('auth.phoneSignIn.name')).fill('هدى');
  await page.getByRole('button', { name: ar('auth.phoneSignIn.submit') }).click();
  await expect(page).toHaveURL(/\/(ar\/?)?$/);
  const session = await storedSession(page);
  expect(session?.user.email).toBeNull();

  // The order, through the checkout's screens in Arabic; then the shopper cancels it.
  await page.goto(`/product/one/${product._id}`);
  await page
    .getByRole('main')
    .getByRole('button', { name: ar('product.addToCart'), exact: true })
    .click();
  await header(page)
    .getByRole('link', { name: ar('nav.cartCount_one') })
    .click();
  await page.getByRole('link', { name: ar('checkout.cart.proceed') }).click();
  await page.getByRole('link', { name: ar('checkout.shipping.add') }).click();
  await page.getByLabel(ar('checkout.form.governorate')).selectOption({ label: 'القاهرة' });
  await page.getByLabel(ar('checkout.form.city')).fill('الزمالك');
  await page.getByLabel(ar('checkout.form.zipCode')).fill('11211');
  await page.getByLabel(ar('checkout.form.street')).fill('شارع ٢٦ يوليو');
  await page.getByLabel(ar('checkout.form.building')).fill('12');
  await page.getByLabel(ar('checkout.form.phone')).fill(mobile.local);
  await page.getByRole('button', { name: ar('checkout.form.submit') }).click();
  await page.getByRole('radio', { name: ar('checkout.method.cash') }).check();
  await page.getByRole('button', { name: ar('checkout.payment.continue') }).click();
  await page.getByRole('button', { name: ar('checkout.review.placeOrder') }).click();
  await expect(page).toHaveURL(/\/success/);
  const headers = { 'x-access-token': session?.token ?? '', 'accept-language': 'ar' };
  const [order] = (await (await request.get('/api/order', { headers })).json()) as { _id: string }[];
  const ref = `#${order?._id.slice(0, 8).toUpperCase()}`;
  const cancelled = await request.post(`/api/order/${order?._id}/cancel`, { headers, data: { reason: 'غيرت رأيي' } });
  expect(cancelled.ok()).toBe(true);

  await expect
    .poll(async () =>
      (await whatsappTo(mobile.international))
        .slice(1)
        .map((m) => [m.request.template.name, m.request.template.language.code, m.text]),
    )
    .toEqual([
      [
        'order_confirm_request',
        'ar',
        expect.stringMatching(new RegExp(`^EGP Shop: أكّد طلبك ${ref} أو ألغه: http\\S+/ar/confirm/`)),
      ],
      ['order_cancelled', 'ar', expect.stringMatching(new RegExp(`^EGP Shop: تم إلغاء طلبك ${ref}\\. http`))],
    ]);
});

test('a code by SMS from a product leads back to it; a number only typed into an e-mail account opens an account of its own', async ({
  page,
  request,
  makeProduct,
}) => {
  const mobile = newMobile();
  const product = await makeProduct({ name: 'Phone sign-in kettle', stock: 5, price: 300 });
  const email = `e2e-phone-${Date.now()}-${process.pid}@example.com`;
  // Anyone can type any number into an account: that proves nothing (docs/decisions/phone-identity.md).
  const registered = await request.post('/api/user/register', {
    data: { name: 'Nour Hassan', email, phone: mobile.local, password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const { user } = (await registered.json()) as { user: { _id: string } };

  // Signed out, the product's Add to Cart leads to sign in, which leads back to the product.
  await page.goto(`/product/one/${product._id}`);
  const productUrl = page.url();
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Your mobile number').fill(mobile.local);
  await page.getByRole('radio', { name: 'SMS' }).check();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await codeIn(() => smsTo(mobile.international));
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  // No account proved this number: the code makes one, with the name asked for.
  await page.getByLabel('Your name').fill('Nour');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(productUrl);
  await expect(page.getByRole('main').getByRole('heading', { name: product.name })).toBeVisible();
  const session = await storedSession(page);
  expect(session?.user.email).toBeNull();
  expect(session?.user._id).not.toBe(user._id);
});

test('a shopper signed in by e-mail confirms their mobile from the profile with an SMS code', async ({
  page,
  request,
}) => {
  const mobile = newMobile();
  const shopper = await signedInShopper(page, request, 'Salma Fawzy');
  await page.goto('/EditProfile');
  await page.getByRole('main').getByRole('link', { name: 'Change your mobile number' }).click();
  await expect(page.getByText(/^Not confirmed yet\./)).toBeVisible();
  await page.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(mobile.local);
  await page.getByRole('radio', { name: 'SMS' }).check();
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await codeIn(() => smsTo(mobile.international));
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page).toHaveURL('/EditProfile');
  await expect(page.getByRole('main')).toContainText(`${mobile.local}Confirmed`);
  expect((await storedSession(page))?.user).toMatchObject({ _id: shopper.user._id, email: shopper.user.email });
  const proven = await request.put('/api/user', {
    headers: { 'x-access-token': shopper.token },
    data: { name: 'Salma Fawzy' },
  });
  expect(((await proven.json()) as { user: unknown }).user).toMatchObject({
    phone: mobile.local,
    verifiedPhone: mobile.local,
  });
  // The number's next code signs into this account (a new code waits a minute: the API tests take that step).
});
