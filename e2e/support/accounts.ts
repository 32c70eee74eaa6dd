import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo accounts the seed creates (apps/api/src/seed). */
export const DEMO_ADMIN = { email: 'admin@shop.local', password: 'Admin123!' };
export const DEMO_SHOPPER = { email: 'shopper@shop.local', password: 'Shopper123!' };
export const PASSWORD = 'Passw0rd!';

export interface Account {
  user: { _id: string; name: string; email: string; phone: string; role: boolean };
  token: string;
  expiration: string;
}

let counter = 0;
/** A shopper of the test's own, so parallel tests never share a cart, favourites or orders. */
export async function newShopper(request: APIRequestContext, name = 'Test Shopper'): Promise<Account> {
  const email = `e2e-${Date.now()}-${process.pid}-${counter++}@example.com`;
  const res = await request.post('/api/user/register', {
    data: { name, email, phone: '01012345678', password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Account;
}

export async function login(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const res = await request.post('/api/user/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Account;
}

/**
 * Starts the page signed in, the way the app restores a session: the `userData` entry in local storage.
 * It is written once per tab (a session-storage mark remembers it), so a logout or an account deletion
 * stays in effect across later reloads and navigations.
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.addInitScript((session) => {
    if (window.sessionStorage.getItem('e2e-signed-in')) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    if (!window.localStorage.getItem('userData')) window.localStorage.setItem('userData', JSON.stringify(session));
  }, account);
}

let adminSession: Promise<Account> | undefined;
/**
 * The demo admin's session (role true), signed in through the API once per worker process and shared
 * by its tests: each sign-in costs the server a password hash, and no test signs the demo admin out.
 */
export function demoAdmin(request: APIRequestContext): Promise<Account> {
  adminSession ??= login(request, DEMO_ADMIN.email, DEMO_ADMIN.password).catch((error: unknown) => {
    adminSession = undefined;
    throw error;
  });
  return adminSession;
}

/** A new shopper of the test's own, already signed in on `page` (the stored `userData` session). */
export async function signedInShopper(page: Page, request: APIRequestContext, name?: string): Promise<Account> {
  const account = await newShopper(request, name);
  await signIn(page, account);
  return account;
}
