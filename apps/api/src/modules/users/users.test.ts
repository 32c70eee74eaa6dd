import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import {
  API_MSG,
  API_MSG_AR,
  MSG,
  NOT_FOUND,
  NOT_FOUND_AR,
  RESET_MAIL,
  RESET_MAIL_AR,
  RESET_TOKEN_TTL_MS,
  type DeviceSession,
} from '@shop/contracts';
import {
  createAdmin,
  createTestApp,
  PASSWORD,
  registerShopper,
  uniqueEmail,
  type TestContext,
} from '../../../test/harness.js';
import { holdNextHash } from '../../../test/held-hash.js';
import { USER_AGENTS } from '../../../test/user-agents.js';
import { mailsTo, type OutboxMail } from '../../../test/outbox.js';
import { movedTime } from '../../../test/moved-time.js';
import { auditLogs, passwordResets, sessions, signedOutTokens, users } from '../../db/schema.js';
import { sessionHash } from '../../plugins/auth.js';
import { RESETS_PER_EMAIL, RESET_MAILS_PER_EMAIL } from './routes.js';

// Hashing a password is the costly step of setting one: counted, to see that a refused link never gets that far.
vi.mock('@node-rs/argon2', async (original) => {
  const argon2 = await original<typeof import('@node-rs/argon2')>();
  return { ...argon2, hash: vi.fn(argon2.hash) };
});
const hashes = () => vi.mocked(hash).mock.calls.length;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/register', payload });
const valid = () => ({
  name: 'Omar El-Sayed',
  email: uniqueEmail(),
  phone: '01123456789',
  password: PASSWORD,
  confirm_password: PASSWORD,
});

async function lastMail(to: string): Promise<OutboxMail> {
  const mail = (await mailsTo(t, to)).at(-1);
  if (!mail) throw new Error('no mail');
  return mail;
}

async function lastResetLink(to: string, count: number): Promise<{ id: string; token: string }> {
  const mails = await mailsTo(t, to);
  const match = mails.length >= count ? mails.at(-1)?.text.match(/password-reset\/([^/\s]+)\/([^\s]+)/) : null;
  if (!match?.[1] || !match[2]) throw new Error('no reset mail');
  return { id: match[1], token: match[2] };
}

/** The link in the newest reset mail to `to`, once `count` mails have arrived (sent in the background: a busy machine takes longer). */
const waitForMail = (to: string, count = 1) =>
  vi.waitFor(() => lastResetLink(to, count), { timeout: 10_000, interval: 20 });

const resetLinkWorks = async ({ id, token }: { id: string; token: string }) =>
  (await t.app.inject({ method: 'GET', url: `/api/user/password-reset/${id}/${token}` })).statusCode === 200;
const askReset = (email: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email }, remoteAddress });
const resetWith = ({ id, token }: { id: string; token: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/user/password-reset/${id}/${token}`,
    payload: { password: 'Res3tPass!', confirm_password: 'Res3tPass!' },
  });

describe('registration', () => {
  it('creates a shopper and returns a session', async () => {
    const res = await register(valid());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ name: 'Omar El-Sayed', role: false });
    expect(body.token).toEqual(expect.any(String));
    expect(new Date(body.expiration).getTime()).toBeGreaterThan(Date.now() + 9 * 24 * 3600 * 1000);
  });

  it.each([
    ['name', '', MSG.required],
    ['name', 'R2D2', MSG.invalidName],
    ['email', '', MSG.required],
    ['email', 'not-an-email', MSG.invalidEmail],
    ['phone', '01312345678', MSG.invalidPhone],
    ['phone', '0101234567', MSG.invalidPhone],
    ['password', 'password1!', MSG.invalidPassword],
    ['password', 'Sh0rt!', MSG.invalidPassword],
    ['confirm_password', 'Different1!', MSG.noMatching],
  ])('rejects %s=%j with the spec message', async (field, value, message) => {
    const res = await register({ ...valid(), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a second account with the same e-mail, whatever its case, hashing no password for it', async () => {
    const first = valid();
    expect((await register(first)).statusCode).toBe(201);
    const before = hashes();
    const res = await register({ ...valid(), email: first.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: API_MSG.emailTaken, requestId: expect.any(String) });
    expect(hashes()).toBe(before);
  });

  it('makes one account of an e-mail registered twice at once, telling the other it is taken', async () => {
    const email = uniqueEmail();
    // The first is held in its password's hash, after finding the e-mail free, while the second registers it.
    const held = holdNextHash();
    const first = register({ ...valid(), email });
    await held.started;
    const second = await register({ ...valid(), email });
    held.release();
    expect(second.statusCode).toBe(201);
    const late = await first;
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: API_MSG.emailTaken, requestId: expect.any(String) });
  });
});

describe('login and sessions', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const account = await registerShopper(t.app);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ _id: account.id, email: account.email, phone: '01012345678', role: false });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: 'Wrong1!xx' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('rate limits repeated sign-ins for one e-mail from one address', async () => {
    const email = uniqueEmail('victim');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email, password: 'Wrong1!xx' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: uniqueEmail('other'), password: 'Wrong1!xx' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('accepts the token as x-access-token or Bearer and refuses bad ones', async () => {
    const account = await registerShopper(t.app);
    const put = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/user', headers, payload: { name: 'New Name' } });
    expect((await put(account.headers)).statusCode).toBe(200);
    expect((await put({ authorization: `Bearer ${account.token}` })).statusCode).toBe(200);
    expect((await put({})).statusCode).toBe(401);
    expect((await put({ 'x-access-token': 'garbage' })).statusCode).toBe(401);
    expect((await put({ 'x-access-token': `${account.token.slice(0, -2)}xx` })).statusCode).toBe(401);
    const [header, payload] = account.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect(header).toBeTruthy();
    expect((await put({ 'x-access-token': none })).statusCode).toBe(401);
  });

  it('expires sessions after 10 days', async () => {
    const account = await registerShopper(t.app);
    t.clock.advance(864_000_000 + 1000);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { name: 'Late' },
    });
    expect(res.statusCode).toBe(401);
    t.clock.advance(-(864_000_000 + 1000));
  });
});

describe('signing out', () => {
  const logout = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-access-token': token } });
  const rename = (token: string) =>
    t.app.inject({ method: 'PUT', url: '/api/user', headers: { 'x-access-token': token }, payload: { name: 'Mona' } });
  const signIn = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: PASSWORD } });
    return (res.json() as { token: string }).token;
  };
  const signedOut = () => t.app.db.select().from(signedOutTokens);

  it('ends the session signed out, before it expires, and only that one', async () => {
    const account = await registerShopper(t.app);
    // Signed in twice in the same second: two sessions all the same.
    const elsewhere = await signIn(account.email);
    expect(elsewhere).not.toBe(account.token);

    expect((await logout(account.token)).statusCode).toBe(204);
    const refused = await rename(account.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: API_MSG.sessionExpired });
    expect((await logout(account.token)).statusCode).toBe(401);
    expect((await rename(elsewhere)).statusCode).toBe(200);
    // Kept by its hash: the list holds no token anyone could send.
    expect((await signedOut()).map((row) => row.tokenHash)).not.toContain(account.token);
  });

  it('refuses a signed-out token spelt otherwise: its signature’s last letter changed', async () => {
    const account = await registerShopper(t.app);
    expect((await logout(account.token)).statusCode).toBe(204);
    // Base64url letters in fours share all but two bits, which the decoded signature leaves out: the same signature.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(account.token.at(-1) ?? '');
    const spellings = [0, 1, 2, 3]
      .map((i) => alphabet[(last & ~3) + i])
      .filter((letter) => letter !== account.token.at(-1))
      .map((letter) => account.token.slice(0, -1) + letter);
    expect(spellings).toHaveLength(3);
    for (const token of spellings) expect((await rename(token)).statusCode).toBe(401);
  });

  it('signing out everywhere ends every session of the account, the asking one’s too, and is logged', async () => {
    const account = await registerShopper(t.app);
    const elsewhere = await signIn(account.email);
    const other = await registerShopper(t.app);
    const everywhere = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/logout/everywhere', headers: { 'x-access-token': token } });

    expect((await everywhere(account.token)).statusCode).toBe(204);
    expect((await rename(account.token)).statusCode).toBe(401);
    expect((await rename(elsewhere)).statusCode).toBe(401);
    expect((await rename(other.token)).statusCode).toBe(200);
    expect((await rename(await signIn(account.email))).statusCode).toBe(200);
    const logged = await t.app.db
      .select({ message: auditLogs.message })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, account.id), eq(auditLogs.action, 'signed_out_everywhere')));
    expect(logged).toEqual([{ message: `${account.email} signed out on every device` }]);
  });

  it('keeps a sign-out until its token expires, and no longer', async () => {
    const first = await registerShopper(t.app);
    expect((await logout(first.token)).statusCode).toBe(204);
    const listed = async () => (await signedOut()).map((row) => row.tokenHash);
    expect(await listed()).toContain(sessionHash(first.token));
    t.clock.advance(864_000_000 + 1000);
    try {
      const second = await signIn(first.email);
      expect((await logout(second)).statusCode).toBe(204);
      // The first token has expired, refused without its row: the second sign-out deleted it, and wrote its own.
      expect(await listed()).not.toContain(sessionHash(first.token));
      expect(await listed()).toContain(sessionHash(second));
    } finally {
      t.clock.advance(-(864_000_000 + 1000));
    }
  });
});

describe('the devices signed in', () => {
  const { chromeAndroid: ANDROID, safariIphone: IPHONE, firefoxWindows: WINDOWS } = USER_AGENTS;

  const signInFrom = async (email: string, userAgent: string, password = PASSWORD) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'user-agent': userAgent },
      payload: { email, password },
    });
    return (res.json() as { token: string }).token;
  };
  const devices = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: { 'x-access-token': token } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { sessions: DeviceSession[] }).sessions;
  };
  const signOutDevice = (token: string, id: string, language = 'en') =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${id}`,
      headers: { 'x-access-token': token, 'accept-language': language },
    });
  const works = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: { 'x-access-token': token } })).statusCode;
  const described = (list: Awaited<ReturnType<typeof devices>>) =>
    list.map(({ browser, system, current }) => ({ browser, system, current }));

  it('lists them by browser and system, the asking one first; one signed out from the list is refused, and logged', async () => {
    const account = await registerShopper(t.app);
    const android = await signInFrom(account.email, ANDROID);
    const iphone = await signInFrom(account.email, IPHONE);
    const windows = await signInFrom(account.email, WINDOWS);
    const other = await registerShopper(t.app);

    const listed = await devices(windows);
    expect(described(listed)).toEqual([
      { browser: 'Firefox', system: 'Windows', current: true },
      { browser: 'Safari', system: 'iPhone', current: false },
      { browser: 'Chrome', system: 'Android', current: false },
      // Registering signed in too, from a client that names no browser.
      { browser: null, system: null, current: false },
    ]);
    expect(Date.parse(listed[0]?.signedInAt ?? '')).toBeGreaterThan(Date.parse(listed[1]?.signedInAt ?? ''));
    const iphoneId = listed[1]?.id ?? '';

    // Another account's device is none of this one's to end.
    const [othersOwn] = await devices(other.token);
    const refused = await signOutDevice(windows, othersOwn?.id ?? '', 'ar');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: NOT_FOUND_AR.Session });
    expect(await works(other.token)).toBe(200);

    expect((await signOutDevice(windows, iphoneId)).statusCode).toBe(204);
    expect(await works(iphone)).toBe(401);
    expect(await works(android)).toBe(200);
    expect(described(await devices(android))).toEqual([
      { browser: 'Chrome', system: 'Android', current: true },
      { browser: 'Firefox', system: 'Windows', current: false },
      { browser: null, system: null, current: false },
    ]);
    const again = await signOutDevice(windows, iphoneId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: NOT_FOUND.Session });
    const logged = await t.app.db
      .select({ message: auditLogs.message })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, account.id), eq(auditLogs.action, 'signed_out_device')));
    expect(logged).toEqual([{ message: `${account.email} signed out Safari on iPhone` }]);
  });

  it('leaves out the devices signed out, and those a new password ended; their rows go at the next sign-in', async () => {
    const account = await registerShopper(t.app);
    const android = await signInFrom(account.email, ANDROID);
    const iphone = await signInFrom(account.email, IPHONE);
    const rows = () => t.app.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(await rows()).toHaveLength(3);

    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-access-token': iphone } });
    expect(described(await devices(android)).map((d) => d.system)).toEqual(['Android', null]);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: { 'x-access-token': android, 'user-agent': ANDROID },
      payload: { password: 'N3wPassword!', confirm_password: 'N3wPassword!' },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = (changed.json() as { token: string }).token;
    expect(described(await devices(renewed))).toEqual([{ browser: 'Chrome', system: 'Android', current: true }]);
    // A sign-in that read the account just before the new password wrote its row after: its token is refused, and so
    // it is not listed.
    await t.app.db.insert(sessions).values({
      userId: account.id,
      tokenHash: 'raced',
      tokenVersion: 0,
      userAgent: IPHONE,
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    expect(await devices(renewed)).toHaveLength(1);

    const windows = await signInFrom(account.email, WINDOWS, 'N3wPassword!');
    // Kept: the two live sessions. The registration's and Android's first, ended by the new password, went.
    expect((await rows()).map((row) => row.tokenHash).sort()).toEqual(
      [sessionHash(renewed), sessionHash(windows)].sort(),
    );
    await t.app.inject({ method: 'POST', url: '/api/user/logout/everywhere', headers: { 'x-access-token': windows } });
    expect(await rows()).toEqual([]);
  });
});

describe('profile', () => {
  it('updates only the fields sent and validates them', async () => {
    const account = await registerShopper(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { phone: '01298765432' },
    });
    expect(res.json().user).toMatchObject({ name: 'Mona Ali', phone: '01298765432', email: account.email });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { phone: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone).toBe(MSG.invalidPhone);
  });

  it('refuses an e-mail another account has', async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: a.headers,
      payload: { email: b.email },
    });
    expect(res.statusCode).toBe(409);
  });

  it('changing the password returns a new token and ends older sessions', async () => {
    const account = await registerShopper(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: account.headers,
      payload: { password: 'N3wPassword!', confirm_password: 'N3wPassword!' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    const old = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { name: 'X' },
    });
    expect(old.statusCode).toBe(401);
    const now = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { 'x-access-token': fresh },
      payload: { name: 'X' },
    });
    expect(now.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: 'N3wPassword!' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('tells the old address of a new e-mail, and the account of a new password, in the asker’s language', async () => {
    const account = await registerShopper(t.app);
    const edit = (url: string, payload: object, language = 'en') =>
      t.app.inject({ method: 'PUT', url, headers: { ...account.headers, 'accept-language': language }, payload });
    // Other edits tell nobody (counted at the end: mails go in the background).
    expect((await edit('/api/user', { name: 'Mona Ali' })).statusCode).toBe(200);
    const moved = `moved.${account.email}`;
    expect((await edit('/api/user', { email: moved }, 'ar')).statusCode).toBe(200);
    const told = await vi.waitFor(() => lastMail(account.email), { timeout: 10_000, interval: 20 });
    expect(told.subject).toBe('تم تغيير بريدك الإلكتروني في EGP Shop');
    // The new address partly hidden: whoever holds the old one may no longer be the shopper.
    expect(told.text).toContain(`mo•••@${moved.split('@')[1]}`);
    expect(told.text).not.toContain(moved);

    const changed = await edit('/api/user/password', { password: 'N3wPassword!', confirm_password: 'N3wPassword!' });
    expect(changed.statusCode).toBe(200);
    const warned = await vi.waitFor(() => lastMail(moved), { timeout: 10_000, interval: 20 });
    expect(warned.subject).toBe('Your EGP Shop password was changed');
    expect(warned.text).toContain(`${t.app.config.PUBLIC_URL}/forgot-password`);
    // One each: the name change sent nothing, nor did the new e-mail to the new address.
    expect(await mailsTo(t, account.email)).toHaveLength(1);
    expect(await mailsTo(t, moved)).toHaveLength(1);
  });

  it('deleting the account ends its sessions and frees the e-mail', async () => {
    const account = await registerShopper(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: account.headers });
    expect(res.json().message).toBe('Your Account has been deleted Successfully');
    const after = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { name: 'Ghost' },
    });
    expect(after.statusCode).toBe(401);
    const again = await register({ ...valid(), email: account.email });
    expect(again.statusCode).toBe(201);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the e-mail exists', async () => {
    const account = await registerShopper(t.app);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { email: account.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { email: uniqueEmail('nobody') },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('sends a single-use link that sets a new password', async () => {
    const account = await registerShopper(t.app);
    await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email: account.email } });
    const { id, token } = await waitForMail(account.email);
    expect(id).toBe(account.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/password-reset/${id}/${token}` })).statusCode).toBe(
      200,
    );
    const reset = () => resetWith({ id, token });
    expect((await reset()).statusCode).toBe(200);
    const second = await reset();
    expect(second.statusCode).toBe(404);
    expect(second.json().message).toBe(MSG.notFound404);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/password-reset/${id}/${token}` })).statusCode).toBe(
      404,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: 'Res3tPass!' },
    });
    expect(login.statusCode).toBe(200);
    const oldSession = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { name: 'X' },
    });
    expect(oldSession.statusCode).toBe(401);
  });

  // Anyone may register an e-mail they do not own and prove a mobile of theirs on it, then keep signing in by phone
  // after the owner took the account back (and, invited as staff, became a manager).
  it('takes away the ways in the e-mail’s owner did not give: a proved mobile too', async () => {
    const account = await registerShopper(t.app);
    await t.app.db
      .update(users)
      .set({ verifiedPhone: '+201066660001', contactChannel: 'whatsapp' })
      .where(eq(users.id, account.id));
    await askReset(account.email);
    expect((await resetWith(await waitForMail(account.email))).statusCode).toBe(200);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, account.id));
    expect(after).toMatchObject({ verifiedPhone: null, contactChannel: 'email' });
  });

  it('writes the mail and answers in the language of the request', async () => {
    const account = await registerShopper(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      headers: { 'accept-language': 'ar-EG' },
      payload: { email: account.email },
    });
    expect(res.json().message).toBe(API_MSG_AR.resetSent);
    const { id, token } = await waitForMail(account.email);
    const mail = await lastMail(account.email);
    expect(mail.subject).toBe(RESET_MAIL_AR.subject);
    expect(mail.text).toBe(RESET_MAIL_AR.body(`${t.app.config.PUBLIC_URL}/password-reset/${id}/${token}`));

    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      headers: { 'accept-language': 'en-GB' },
      payload: { email: account.email },
    });
    await waitForMail(account.email, 2);
    expect((await lastMail(account.email)).subject).toBe(RESET_MAIL.subject);
  });

  it('refuses a link older than 15 minutes and a guessed one', async () => {
    const account = await registerShopper(t.app);
    await t.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { email: account.email } });
    const { id, token } = await waitForMail(account.email);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/password-reset/${id}/guessed-token` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/password-reset/not-a-uuid/${token}` })).statusCode,
    ).toBe(404);
    t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const res = await resetWith({ id, token });
    expect(res.statusCode).toBe(404);
    t.clock.advance(-(RESET_TOKEN_TTL_MS + 1000));
  });

  it('hashes no new password for a link that does not work', async () => {
    const account = await registerShopper(t.app);
    const before = hashes();
    expect((await resetWith({ id: account.id, token: 'guessed-token' })).statusCode).toBe(404);
    expect(hashes()).toBe(before);
  });

  it('deletes used and expired links as new ones are asked for, keeping the live ones', async () => {
    const [used, lapsing, asking] = [
      await registerShopper(t.app),
      await registerShopper(t.app),
      await registerShopper(t.app),
    ];
    const rowsOf = (account: { id: string }) =>
      t.app.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id));
    await askReset(used.email);
    expect((await resetWith(await waitForMail(used.email))).statusCode).toBe(200);
    await askReset(lapsing.email);
    const lapsingLink = await waitForMail(lapsing.email);
    // A minute either side of its end: the test clock runs on with real time while mails are awaited.
    t.clock.advance(RESET_TOKEN_TTL_MS - 60_000);
    try {
      await askReset(asking.email);
      expect(await rowsOf(used)).toEqual([]);
      expect(await resetLinkWorks(lapsingLink)).toBe(true);
      t.clock.advance(120_000);
      await askReset(asking.email);
      expect(await rowsOf(lapsing)).toEqual([]);
      expect(await rowsOf(asking)).toHaveLength(2);
      expect(await resetLinkWorks(await waitForMail(asking.email, 2))).toBe(true);
    } finally {
      t.clock.advance(-(RESET_TOKEN_TTL_MS + 60_000));
    }
  });
});

describe('reset links and account changes', () => {
  it('a password change voids the links sent before it', async () => {
    const account = await registerShopper(t.app);
    await askReset(account.email);
    const link = await waitForMail(account.email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: account.headers,
      payload: { password: 'Chang3dPass!', confirm_password: 'Chang3dPass!' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await resetLinkWorks(link)).toBe(false);
  });

  it('a new e-mail voids the links sent to the old one; other profile edits keep them', async () => {
    const account = await registerShopper(t.app);
    await askReset(account.email);
    const link = await waitForMail(account.email);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { name: 'Still Me', email: account.email },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await resetLinkWorks(link)).toBe(true);
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { email: uniqueEmail('moved') },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await resetLinkWorks(link)).toBe(false);
  });

  it('a password change whose audit row cannot be written changes nothing', async () => {
    const account = await registerShopper(t.app);
    // The audit insert fails for this account only, as a full disk or a broken constraint would make it.
    await t.app.db.execute(
      sql.raw(`create function test_refuse_audit() returns trigger language plpgsql as $$
        begin
          if new.user_email = '${account.email}' and new.action = 'password_change' then raise exception 'no audit'; end if;
          return new;
        end $$`),
    );
    await t.app.db.execute(
      sql.raw(
        'create trigger test_refuse_audit before insert on audit_logs for each row execute function test_refuse_audit()',
      ),
    );
    try {
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/user/password',
        headers: account.headers,
        payload: { password: 'Chang3dPass!', confirm_password: 'Chang3dPass!' },
      });
      expect(changed.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger test_refuse_audit on audit_logs'));
      await t.app.db.execute(sql.raw('drop function test_refuse_audit()'));
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: account.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // Nor was the session ended, as a change would have.
    const sameSession = await t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: account.headers,
      payload: { name: 'Same Session' },
    });
    expect(sameSession.statusCode).toBe(200);
  });

  it(`refuses more than ${RESETS_PER_EMAIL} links an hour asked from one network for one address, unknown alike`, async () => {
    const known = (await registerShopper(t.app)).email;
    const unknown = uniqueEmail('nobody');
    for (const email of [known, unknown]) {
      const statuses: number[] = [];
      for (let i = 0; i < RESETS_PER_EMAIL; i++) statuses.push((await askReset(email)).statusCode);
      expect(statuses).toEqual(Array(RESETS_PER_EMAIL).fill(200));
      const refused = await askReset(email.toUpperCase());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: API_MSG.tooManyResets });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
    await waitForMail(known, RESETS_PER_EMAIL);
    expect(await mailsTo(t, known)).toHaveLength(RESETS_PER_EMAIL);
  });

  it(`lets the owner ask from elsewhere, and sends one address ${RESET_MAILS_PER_EMAIL} links an hour, asked from anywhere`, async () => {
    const victim = (await registerShopper(t.app)).email;
    for (let i = 0; i < RESETS_PER_EMAIL + 1; i++) await askReset(victim, '203.0.113.7');
    // The address that flooded is refused; the owner, on another network, is not.
    expect((await askReset(victim, '203.0.113.7')).statusCode).toBe(429);
    expect((await askReset(victim, '198.51.100.1')).statusCode).toBe(200);
    const asked = RESETS_PER_EMAIL + 1;
    for (let i = asked; i < RESET_MAILS_PER_EMAIL + 3; i++) {
      const res = await askReset(victim, `192.0.2.${i}`);
      // Past the inbox's cap the answer is the same: nobody learns that they can keep the owner from resetting.
      expect(res.json()).toEqual({ message: API_MSG.resetSent });
    }
    await waitForMail(victim, RESET_MAILS_PER_EMAIL);
    expect(await mailsTo(t, victim)).toHaveLength(RESET_MAILS_PER_EMAIL);
  });

  it("tells a refused network its own wait, never the inbox cap's, which would say others asked", async () => {
    const victim = (await registerShopper(t.app)).email;
    const time = movedTime();
    try {
      expect((await askReset(victim, '192.0.2.200')).statusCode).toBe(200);
      time.minutesOn(10);
      for (let i = 0; i < RESETS_PER_EMAIL; i++) expect((await askReset(victim, '198.51.100.60')).statusCode).toBe(200);
      // The inbox's first hour ends; in its next, others fill its cap while the network's hour has ten minutes left.
      time.minutesOn(61);
      for (let i = 0; i < RESET_MAILS_PER_EMAIL; i++) await askReset(victim, `192.0.2.${201 + (i % 4)}`);
      const refused = await askReset(victim, '198.51.100.60');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10 * 60);
    } finally {
      time.restore();
    }
  });

  it("keeps the owner's own asks, refused at the inbox's cap, for when the inbox's hour ends", async () => {
    const victim = (await registerShopper(t.app)).email;
    for (let i = 0; i < RESET_MAILS_PER_EMAIL; i++)
      expect((await askReset(victim, `192.0.2.${100 + Math.floor(i / RESETS_PER_EMAIL)}`)).statusCode).toBe(200);
    await waitForMail(victim, RESET_MAILS_PER_EMAIL);
    // The inbox's hour ends in real time (Date.now), not by the test clock.
    const time = movedTime();
    try {
      time.minutesOn(50);
      // The owner asks as often as their network may: each answered as sent, none sent.
      for (let i = 0; i < RESETS_PER_EMAIL; i++)
        expect((await askReset(victim, '198.51.100.90')).json()).toEqual({ message: API_MSG.resetSent });
      expect(await mailsTo(t, victim)).toHaveLength(RESET_MAILS_PER_EMAIL);
      time.minutesOn(61);
      expect((await askReset(victim, '198.51.100.90')).statusCode).toBe(200);
      await waitForMail(victim, RESET_MAILS_PER_EMAIL + 1);
    } finally {
      time.restore();
    }
  });
});

describe('admin user list', () => {
  it('lists every user with the count for admins only', async () => {
    const shopper = await registerShopper(t.app);
    const admin = await createAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/allUsers', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(body.users.length);
    expect(body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: shopper.id, role: false }),
        expect.objectContaining({ _id: admin.id, role: true }),
      ]),
    );
    expect(body.users[0]).not.toHaveProperty('passwordHash');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/allUsers', headers: shopper.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/allUsers' })).statusCode).toBe(401);
  });
});

describe('health', () => {
  it('reports the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});
