import { login, newShopper, PASSWORD, signIn, type Account } from '../support/accounts';
import { ar } from '../support/arabic';
import { newestMailTo, resetPathIn } from '../support/outbox';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/test';
import { header, shortTapTargets, storedSession, visitEach } from '../support/ui';

const TEN_DAYS_MS = 864_000_000;

test.describe('login', () => {
  test("a failed login shows 'Opps! please check data again'; the fields are required by the browser", async ({
    page,
    request,
  }) => {
    const shopper = await newShopper(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    // The browser still refuses the empty form, but says why in the shop's words (its bubble speaks its own language).
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#login-email-error')).toHaveText('This field is required');
    await expect(page.getByLabel('Email')).toBeFocused();
    // No navbar here, yet the other language is one tap away, and on a phone every target is a thumb's 44 px.
    await expect(page.getByRole('link', { name: 'العربية' })).toHaveAttribute('href', '/ar/login');
    expect(await shortTapTargets(page, 'main')).toEqual([]);

    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByLabel('Password').fill('Wrong-passw0rd!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Opps! please check data again');
    await expect(page).toHaveURL('/login');
    expect(await storedSession(page)).toBeNull();
  });

  test('a successful login stores the session and goes to /', async ({ page, request }) => {
    const shopper = await newShopper(request, 'Salma Login');
    await page.goto('/login');
    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Salma Login' })).toBeVisible();

    const session = await storedSession(page);
    expect(session?.user._id).toBe(shopper.user._id);
    expect(session?.user.name).toBe('Salma Login');
    expect(session?.token).toBeTruthy();
    // About 10 days from now.
    expect(Math.abs(new Date(session?.expiration ?? 0).getTime() - (Date.now() + TEN_DAYS_MS))).toBeLessThan(
      5 * 60_000,
    );

    // Signed in, /login has nothing to do: it sends the shopper home.
    await page.goto('/login');
    await expect(page).toHaveURL('/');
  });

  test('switching the language on the sign-in screen still leads back to the page the shopper came from', async ({
    page,
    request,
    makeProduct,
  }) => {
    const item = await makeProduct();
    const shopper = await newShopper(request);
    await page.goto(`/product/one/${item._id}`);
    await header(page).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');

    await page.getByRole('link', { name: 'العربية' }).click();
    // The Arabic page loaded afresh and taken over by its app.
    await page.locator('html[lang="ar"][data-app="ready"]').waitFor({ state: 'attached' });
    await expect(page).toHaveURL('/ar/login');
    await page.getByLabel(ar('auth.fields.email')).fill(shopper.user.email);
    await page.getByLabel(ar('auth.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: ar('auth.login.submit'), exact: true }).click();
    await expect(page).toHaveURL(`/ar/product/one/${item._id}`);
  });
});

test.describe('session', () => {
  const restore = async (page: Page, stored: unknown) => {
    await page.addInitScript((value) => window.localStorage.setItem('userData', JSON.stringify(value)), stored);
    await page.goto('/');
  };

  test('a stored session is restored when it has an _id and a token and has not expired', async ({ page, request }) => {
    const shopper = await newShopper(request, 'Restored Shopper');
    await restore(page, shopper);
    await expect(header(page).getByRole('link', { name: 'Restored Shopper' })).toBeVisible();
  });

  test('an expired session is not restored', async ({ page, request }) => {
    const shopper = await newShopper(request, 'Expired Shopper');
    await restore(page, { ...shopper, expiration: new Date(Date.now() - 60_000).toISOString() });
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Expired Shopper' })).toHaveCount(0);
  });

  test('a session without a token or without an _id is not restored', async ({ page, request }) => {
    const shopper: Account = await newShopper(request, 'Broken Shopper');
    for (const broken of [
      { ...shopper, token: '' },
      { ...shopper, user: { ...shopper.user, _id: '' } },
    ]) {
      const tab = await page.context().newPage();
      await restore(tab, broken);
      await expect(header(tab).getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(header(tab).getByRole('link', { name: 'Broken Shopper' })).toHaveCount(0);
      await tab.close();
    }
  });
});

test.describe('signup', () => {
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  /** Field ids: each field's rule message is `#{id}-error`, tied to the field by aria-describedby. */
  const IDS = {
    Name: 'signup-name',
    Email: 'signup-email',
    'Mobile number': 'signup-phone',
    Password: 'signup-password',
    'Confirm password': 'signup-confirm',
  };

  test('checks every field on change with the messages of the rules', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
    const name = field(page, 'Name');
    const error = (label: keyof typeof IDS) => page.locator(`#${IDS[label]}-error`);

    await name.fill('Ahmed');
    await expect(error('Name')).toBeEmpty();
    await name.fill('');
    await expect(error('Name')).toHaveText('This field is required');
    await name.fill('Ahmed 3');
    await expect(error('Name')).toHaveText('Not valid name');
    await name.fill("Nour O'Brien-Adel, Jr.");
    await expect(error('Name')).toBeEmpty();
    await expect(name).toHaveAttribute('aria-invalid', 'false');

    const email = field(page, 'Email');
    await email.fill('ahmed@');
    await expect(error('Email')).toHaveText('Not valid email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('');
    await expect(error('Email')).toHaveText('This field is required');
    await email.fill('ahmed@example.com');
    await expect(error('Email')).toBeEmpty();

    const phone = field(page, 'Mobile number');
    for (const wrong of ['0151234567', '01312345678', '0101234567', '1012345678']) {
      await phone.fill(wrong);
      await expect(error('Mobile number')).toHaveText('Not valid phone');
    }
    for (const right of ['01012345678', '01112345678', '01212345678']) {
      await phone.fill(right);
      await expect(error('Mobile number')).toBeEmpty();
    }

    const password = field(page, 'Password');
    for (const wrong of ['Sh0rt!', 'alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSymbol12', 'Spaces 1!a']) {
      await password.fill(wrong);
      await expect(error('Password')).toHaveText('Not valid password');
    }
    await password.fill('Passw0rd!');
    await expect(error('Password')).toBeEmpty();

    const confirm = field(page, 'Confirm password');
    await confirm.fill('Passw0rd?');
    await expect(error('Confirm password')).toHaveText('No matching');
    await confirm.fill('Passw0rd!');
    await expect(error('Confirm password')).toBeEmpty();
    // Changing the password checks the confirmation again.
    await password.fill('Passw0rd!2');
    await expect(error('Confirm password')).toHaveText('No matching');
    await expect(field(page, 'Confirm password')).toHaveAttribute('aria-describedby', 'signup-confirm-error');
  });

  test('is submitted only when every field is valid', async ({ page }) => {
    let registerCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/user/register')) registerCalls += 1;
    });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create your account' }).click();
    for (const id of ['signup-name', 'signup-email'])
      await expect(page.locator(`#${id}-error`)).toHaveText('This field is required');
    await expect(page.locator('#signup-phone-error')).toHaveText('Not valid phone');
    await expect(page.locator('#signup-password-error')).toHaveText('Not valid password');

    await field(page, 'Name').fill('Hana');
    await field(page, 'Email').fill(`hana-${Date.now()}@example.com`);
    await field(page, 'Mobile number').fill('01212345678');
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Confirm password').fill('Different1!');
    await page.getByRole('button', { name: 'Create your account' }).click();
    await expect(page.locator('#signup-confirm-error')).toHaveText('No matching');
    await expect(page).toHaveURL('/signup');
    expect(registerCalls).toBe(0);
  });

  test('a valid registration signs in and goes to /', async ({ page }) => {
    await page.goto('/signup');
    await field(page, 'Name').fill('Youssef Signup');
    await field(page, 'Email').fill(`youssef-${Date.now()}-${test.info().workerIndex}@example.com`);
    await field(page, 'Mobile number').fill('01112345678');
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create your account' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Youssef Signup' })).toBeVisible();
    expect((await storedSession(page))?.user.name).toBe('Youssef Signup');
  });

  test("an e-mail already registered shows 'there is an error !'", async ({ page, request }) => {
    const existing = await newShopper(request);
    await page.goto('/signup');
    await field(page, 'Name').fill('Second Try');
    await field(page, 'Email').fill(existing.user.email);
    await field(page, 'Mobile number').fill('01012345678');
    await field(page, 'Password').fill(PASSWORD);
    await field(page, 'Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create your account' }).click();
    await expect(page.getByRole('alert')).toContainText('there is an error !');
    await expect(page).toHaveURL('/signup');
    expect(await storedSession(page)).toBeNull();
  });
});

test.describe('password reset', () => {
  test("the forgot-password form checks the e-mail and shows the server's message", async ({ page, request }) => {
    const shopper = await newShopper(request);
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    const email = page.getByLabel('Email');
    await email.fill('not-an-email');
    await expect(page.locator('#forgot-email-error')).toHaveText('Not valid email');
    await email.fill('');
    await expect(page.locator('#forgot-email-error')).toHaveText('This field is required');

    await email.fill(shopper.user.email);
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/user/forgotPassword'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const { message } = (await (await answer).json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);
    await expect(page.getByRole('status').filter({ hasText: message })).toHaveText(message);
  });

  test('the link from the mail opens Add New Password; the new password works', async ({ page, request }) => {
    // Three forms, each a page load and a password hash on the server: 27 s on two busy cores in CI.
    test.slow();
    const shopper = await newShopper(request, 'Reset Shopper');
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: /\S/ })).toBeVisible();

    const link = resetPathIn(await newestMailTo(shopper.user.email));
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Password' })).toBeVisible();
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');
    await password.fill('weak');
    await expect(page.locator('#reset-password-error')).toHaveText('Not valid password');
    await password.fill('N3w@Passw0rd!');
    await confirm.fill('Other1!pass');
    await expect(page.locator('#reset-confirm-error')).toHaveText('No matching');
    await confirm.fill('N3w@Passw0rd!');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL('/login');

    await page.getByLabel('Email').fill(shopper.user.email);
    await page.getByLabel('Password').fill('N3w@Passw0rd!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Reset Shopper' })).toBeVisible();
    // The old password is gone, and the link was single use.
    expect(
      (await request.post('/api/user/login', { data: { email: shopper.user.email, password: PASSWORD } })).status(),
    ).toBe(401);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  });

  test("a bad link shows '404 Not Found'", async ({ page, request }) => {
    const shopper = await newShopper(request);
    await page.goto(`/password-reset/${shopper.user._id}/not-a-real-token`);
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add New Password' })).toHaveCount(0);
    await page.goto('/password-reset/x/y');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  });
});

test.describe('visitors', () => {
  test('checking out (order review, card payment) sends a visitor to /login', async ({ page }) => {
    await visitEach(page, ['/PlaceOrder', '/Stripe'], {
      url: '/login',
      screen: page.getByRole('heading', { name: 'Sign in' }),
    });
  });
});

test.describe('logout', () => {
  test('clears the stored session, the cart and the favourites, and ends the session on the server', async ({
    page,
    request,
  }) => {
    const shopper = await newShopper(request, 'Leaving Shopper');
    await signIn(page, shopper);
    await page.goto('/');
    await expect(header(page).getByRole('link', { name: 'Leaving Shopper' })).toBeVisible();
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => storedSession(page)).toBeNull();
    await expect
      .poll(() =>
        page.evaluate(() => [window.localStorage.getItem('cartItems'), window.localStorage.getItem('favourites')]),
      )
      .toEqual(['[]', '[]']);
    // A copy of the token the page held is refused from now on.
    const headers = { 'x-access-token': shopper.token };
    await expect.poll(async () => (await request.get('/api/cart', { headers })).status()).toBe(401);
    // The account itself still works.
    expect((await login(request, shopper.user.email, PASSWORD)).user._id).toBe(shopper.user._id);
  });
});
