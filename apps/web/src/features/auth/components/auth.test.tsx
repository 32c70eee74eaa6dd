import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { mockApi, renderRoute, shopperSession, verifyAskingName } from '../../../test/utils';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';

const emptyLists = { 'GET /api/cart': { body: { products: [], bill: 0 } }, 'GET /api/favourite': { body: [] } };

describe('SignupPage', () => {
  const field = (label: string) => screen.getByLabelText(label);

  it('shows each rule message as the field changes', async () => {
    const user = userEvent.setup();
    renderRoute(<SignupPage />, { path: '/signup' });

    await user.type(field('Name'), 'Mariam 3');
    expect(await screen.findByText('Not valid name')).toBeInTheDocument();
    await user.clear(field('Name'));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.type(field('Email'), 'mariam@');
    expect(await screen.findByText('Not valid email')).toBeInTheDocument();

    await user.type(field('Mobile number'), '0131234567');
    expect(await screen.findByText('Not valid phone')).toBeInTheDocument();

    await user.type(field('Password'), 'password');
    expect(await screen.findByText('Not valid password')).toBeInTheDocument();

    await user.type(field('Confirm password'), 'passwor');
    expect(await screen.findByText('No matching')).toBeInTheDocument();
  });

  it('clears a message once the field is valid', async () => {
    const user = userEvent.setup();
    renderRoute(<SignupPage />, { path: '/signup' });
    await user.type(field('Mobile number'), '0101234567');
    expect(await screen.findByText('Not valid phone')).toBeInTheDocument();
    await user.type(field('Mobile number'), '8');
    await waitFor(() => expect(screen.queryByText('Not valid phone')).not.toBeInTheDocument());
  });

  it('does not submit while a rule fails', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({});
    renderRoute(<SignupPage />, { path: '/signup' });
    await user.type(field('Name'), 'Mariam');
    await user.click(screen.getByRole('button', { name: 'Create your account' }));
    expect(await screen.findAllByText('This field is required')).not.toHaveLength(0);
    expect(calls).toEqual([]);
  });

  it('registers with valid data and goes home', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'POST /api/user/register': { status: 201, body: shopperSession }, ...emptyLists });
    const { store } = renderRoute(<SignupPage />, { path: '/signup' });
    await user.type(field('Name'), "Mariam O'Neil-Adel");
    await user.type(field('Email'), 'Mariam@Example.com');
    await user.type(field('Mobile number'), '01112345678');
    await user.type(field('Password'), 'Secret1!x');
    await user.type(field('Confirm password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Create your account' }));
    expect(await screen.findByText('page /')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/register',
      body: {
        name: "Mariam O'Neil-Adel",
        email: 'mariam@example.com',
        phone: '01112345678',
        password: 'Secret1!x',
        confirm_password: 'Secret1!x',
      },
    });
    expect(store.getState().session.user?.name).toBe('Mariam Adel');
  });

  it("shows 'there is an error !' when the server refuses", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/user/register': { status: 409, body: { message: 'This already exists' } } });
    renderRoute(<SignupPage />, { path: '/signup' });
    await user.type(field('Name'), 'Mariam');
    await user.type(field('Email'), 'mariam@example.com');
    await user.type(field('Mobile number'), '01212345678');
    await user.type(field('Password'), 'Secret1!x');
    await user.type(field('Confirm password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Create your account' }));
    expect(await screen.findByText('there is an error !')).toBeInTheDocument();
  });
});

describe('LoginPage', () => {
  it('leaves requiring e-mail and password to the browser', () => {
    renderRoute(<LoginPage />, { path: '/login' });
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it("shows 'Opps! please check data again' when sign-in fails", async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/user/login': { status: 401, body: { message: 'Wrong e-mail or password' } } });
    const { store } = renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'mariam@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Opps! please check data again')).toBeInTheDocument();
    expect(store.getState().session.user).toBeNull();
  });

  it('signs in and goes home', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/user/login': { body: shopperSession }, ...emptyLists });
    renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'mariam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('page /')).toBeInTheDocument();
  });

  it('goes back to the page that asked for a sign-in, such as a payment link', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/user/login': { body: shopperSession }, ...emptyLists });
    const { router } = renderRoute(<LoginPage />, { path: '/login' });
    // As ShopperOnly sends a visitor who opened /Stripe.
    await act(() => router.navigate('/login', { replace: true, state: { from: '/Stripe' } }));
    await user.type(screen.getByLabelText('Email'), 'mariam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('page /Stripe')).toBeInTheDocument();
  });
});

describe('Continue with your phone', () => {
  it('leads both sign-in screens, above the e-mail form', () => {
    for (const Screen of [LoginPage, SignupPage]) {
      const { unmount } = renderRoute(<Screen />);
      const phone = screen.getByRole('region', { name: 'Continue with your phone' });
      expect(phone.compareDocumentPosition(screen.getByLabelText('Email'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
      unmount();
    }
  });

  it('sends a code by WhatsApp, asks for a name when the number has no account, and signs in with it', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/auth/phone/start': {
        status: 202,
        body: { message: 'If this number can receive it, a code is on its way' },
      },
      'POST /api/auth/phone/verify': verifyAskingName('Your name'),
      ...emptyLists,
    });
    renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Your mobile number'), '٠١٠١٢٣٤٥٦٧٨');
    expect(screen.getByLabelText('WhatsApp')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Your name'), 'Mariam');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('page /')).toBeInTheDocument();
    const phoneCalls = calls.filter((call) => call.path.startsWith('/api/auth/'));
    expect(phoneCalls.map((call) => [call.path, call.body])).toEqual([
      ['/api/auth/phone/start', { phone: '٠١٠١٢٣٤٥٦٧٨', channel: 'whatsapp' }],
      ['/api/auth/phone/verify', { phone: '٠١٠١٢٣٤٥٦٧٨', code: '123456' }],
      ['/api/auth/phone/verify', { phone: '٠١٠١٢٣٤٥٦٧٨', code: '123456', name: 'Mariam' }],
    ]);
  });

  const codeThen = async (user: ReturnType<typeof userEvent.setup>, code: string) => {
    mockApi({
      'POST /api/auth/phone/start': { status: 202, body: { message: 'A code is on its way' } },
      'POST /api/auth/phone/verify': (request) =>
        request
          .clone()
          .json()
          .then((body: { code: string }) =>
            body.code === '123456'
              ? { body: { nameNeeded: true, message: 'Your name' } }
              : { status: 400, body: { message: 'That code is wrong' } },
          ),
    });
    renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Your mobile number'), '01012345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // The button pressed has gone with its form: the focus waits in the code's field.
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
    await user.type(screen.getByLabelText('Code'), code);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
  };
  const sendToAnotherNumber = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'Use another number' }));
    const phone = screen.getByLabelText('Your mobile number');
    expect(phone).toHaveFocus();
    await user.clear(phone);
    await user.type(phone, '01112345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByLabelText('Code')).toHaveValue('');
  };

  it("does not show the last code's refusal once a code goes to another number", async () => {
    const user = userEvent.setup();
    await codeThen(user, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is wrong');
    await sendToAnotherNumber(user);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not ask for a name for another number before its code is tried', async () => {
    const user = userEvent.setup();
    await codeThen(user, '123456');
    expect(await screen.findByLabelText('Your name')).toBeInTheDocument();
    await sendToAnotherNumber(user);
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
  });

  it("shows the server's word when a code is asked for too soon", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/phone/start': {
        status: 429,
        body: { message: 'Wait 40 seconds before asking for a new code', retryAfter: 40 },
      },
    });
    renderRoute(<SignupPage />, { path: '/signup' });
    await user.type(screen.getByLabelText('Your mobile number'), '01012345678');
    await user.click(screen.getByLabelText('SMS'));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait 40 seconds before asking for a new code');
  });
});

describe('a field left empty or wrong', () => {
  afterEach(() => changeLanguage('en'));

  /** Whether the browser would show its own bubble for `field`: only when the page leaves its refusal unhandled. */
  const bubblesOf = (field: HTMLElement) => {
    const shown: boolean[] = [];
    field.addEventListener('invalid', (event) => shown.push(!event.defaultPrevented));
    return shown;
  };

  it("is named in the page's language under the phone field, which takes the focus, instead of the browser's bubble", async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    const { calls } = mockApi({});
    renderRoute(<SignupPage />, { path: '/signup' });
    const phone = screen.getByLabelText('رقم موبايلك');
    const bubbles = bubblesOf(phone);
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    expect(phone).toHaveAccessibleDescription('رقم الهاتف غير صالح');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(bubbles).toEqual([false]);
    expect(calls).toEqual([]);
  });

  it('is named under the e-mail and the password, which the browser still requires, the first taking the focus', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({});
    renderRoute(<LoginPage />, { path: '/login' });
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    const submit = screen.getByRole('button', { name: 'Sign in' });
    await user.click(submit);
    expect(email).toHaveAccessibleDescription('This field is required');
    expect(password).toHaveAccessibleDescription('This field is required');
    expect(email).toHaveFocus();

    await user.type(email, 'mariam@');
    await user.click(submit);
    expect(email).toHaveAccessibleDescription('Not valid email');
    // The message follows what is typed, and goes once the field is right.
    await user.type(email, 'example.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(email).not.toHaveAccessibleDescription();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('is named under the code, and under the name a new number is asked for', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/phone/start': { status: 202, body: { message: 'A code is on its way' } },
      'POST /api/auth/phone/verify': verifyAskingName('Your name'),
    });
    renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Your mobile number'), '01012345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Code');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(code).toHaveAccessibleDescription('This field is required');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const name = await screen.findByLabelText('Your name');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Why the name is asked stays beside what is wrong with it.
    expect(name).toHaveAccessibleDescription(
      'This number has no account yet: tell us your name to make one. This field is required',
    );
    expect(name).toHaveFocus();
  });
});

describe('the screens without a navbar', () => {
  afterEach(() => changeLanguage('en'));

  it('offer the other language, by keyboard next after the logo', async () => {
    const user = userEvent.setup();
    for (const [Screen, path] of [
      [LoginPage, '/login'],
      [SignupPage, '/signup'],
    ] as const) {
      const { unmount } = renderRoute(<Screen />, { path });
      await user.tab();
      await user.tab();
      expect(screen.getByRole('link', { name: 'العربية' })).toHaveFocus();
      expect(screen.getByRole('link', { name: 'العربية' })).toHaveAttribute('href', `/ar${path}`);
      unmount();
    }
    await changeLanguage('ar');
    renderRoute(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/login');
  });
});

describe('a request that fails without a word from the server', () => {
  afterEach(() => changeLanguage('en'));

  it("says so in the reader's language, not the browser's English, when the network is down", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Your mobile number'), '01012345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That did not go through. Please check your connection and try again in a moment.');
    expect(alert).not.toHaveTextContent(/TypeError|fetch/);
  });

  it('says so in Arabic when a proxy answers with its own HTML page', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
        ),
      ),
    );
    renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('رقم موبايلك'), '01012345678');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('لم تكتمل العملية. يُرجى التحقق من اتصالك والمحاولة مرة أخرى بعد قليل.');
    expect(alert).not.toHaveTextContent(/SyntaxError|HTTP|502/);
  });
});

describe('back where they were', () => {
  const from = { from: '/product/one/p1?variant=v2' };

  it('carries the page a visitor came from along the link from sign-in to sign-up', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(<LoginPage />, { path: '/login' });
    await act(() => router.navigate('/login', { replace: true, state: from }));
    await user.click(screen.getAllByRole('link', { name: 'Create your account' })[0] as HTMLElement);
    expect(await screen.findByText('page /signup')).toBeInTheDocument();
    expect(router.state.location.state).toEqual(from);
  });

  it('signs up by a phone code and goes back to the product the visitor wanted to add to the cart', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/auth/phone/start': { status: 202, body: { message: 'A code is on its way' } },
      'POST /api/auth/phone/verify': { body: { ...shopperSession, created: false } },
      ...emptyLists,
    });
    const { router } = renderRoute(<SignupPage />, { path: '/signup' });
    await act(() => router.navigate('/signup', { replace: true, state: from }));
    await user.type(screen.getByLabelText('Your mobile number'), '01012345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('page /product/one/p1?variant=v2')).toBeInTheDocument();
  });
});
