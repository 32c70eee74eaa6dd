import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../harness.js';
import { buildWorld, routeKey, toInject, type World } from './helpers.js';
import { CALLERS, caseFor } from './routes.js';
import { Tally } from './report.js';

/**
 * Security headers on every response, whatever route and whatever outcome (success, refusal, error,
 * not found, the web page, an image); a CSP that lets Stripe load when it is configured; CORS only
 * for the configured origin.
 */

let t: TestContext;
let world: World;
const tally = new Tally('headers');
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000', LOGIN_RATE_LIMIT_MAX: '2' });
  world = await buildWorld(t.app);
});
afterAll(async () => {
  tally.save();
  await t.close();
});

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

/** What is wrong with a response's headers; empty when nothing is. */
function headerProblems(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const csp = directives(res);
  const want = (name: string, value: string) => {
    if (!csp.get(name)?.includes(value)) problems.push(`CSP ${name} lacks ${value}`);
  };
  want('default-src', "'self'");
  want('frame-ancestors', "'none'");
  want('object-src', "'none'");
  want('base-uri', "'self'");
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:'])
    if (csp.get('script-src')?.includes(unsafe)) problems.push(`CSP script-src allows ${unsafe}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (res.headers['x-frame-options'] !== 'DENY')
    problems.push(`X-Frame-Options ${String(res.headers['x-frame-options'])}`);
  if (
    !['no-referrer', 'strict-origin-when-cross-origin', 'same-origin', 'strict-origin'].includes(
      String(res.headers['referrer-policy']),
    )
  )
    problems.push('no strict Referrer-Policy');
  if (res.headers['x-powered-by'] || res.headers.server) problems.push('names the server software');
  // What the shop never uses is off, for its pages and whatever they embed.
  const permissions = String(res.headers['permissions-policy'] ?? '');
  for (const feature of ['camera', 'microphone', 'geolocation', 'usb'])
    if (!permissions.includes(`${feature}=()`)) problems.push(`Permissions-Policy leaves ${feature} on`);
  if (!/payment=\("https:\/\/js\.stripe\.com"\)/.test(permissions))
    problems.push('Permissions-Policy gives payment to more than the card provider');
  if (res.headers['access-control-allow-origin']) problems.push('CORS header without a configured origin');
  // JSON and HTML name their charset, so no browser guesses one (a guessed UTF-7 once meant script).
  const type = String(res.headers['content-type'] ?? '');
  if (/json|html/.test(type) && !/charset=utf-8/i.test(type)) problems.push(`content-type without charset: ${type}`);
  return problems;
}

describe('every response carries the security headers', () => {
  it('on every route, for every caller, allowed or refused', async () => {
    const wrong: string[] = [];
    for (const route of t.routes) {
      const expectation = caseFor(route.method, route.url);
      if (!expectation) continue;
      const mutating = !['GET', 'HEAD'].includes(route.method);
      let w = mutating ? await buildWorld(t.app) : world;
      for (const who of CALLERS) {
        const auth =
          who === 'visitor'
            ? {}
            : who === 'owner'
              ? w.owner.account.headers
              : who === 'other'
                ? w.other.account.headers
                : w.admin.headers;
        const res = await t.app.inject(toInject(route, await expectation.request(w, w.owner), auth));
        const problems = headerProblems(res);
        // Answers to a signed-in route, and to anything but a read (a sign-in's token), are nobody else's: no cache
        // may keep them.
        if ((expectation.access !== 'public' || mutating) && res.headers['cache-control'] !== 'no-store')
          problems.push(`cache-control ${String(res.headers['cache-control'])}`);
        if (!tally.check(routeKey(route), !problems.length))
          wrong.push(`${routeKey(route)} as ${who} (${res.statusCode}): ${problems.join('; ')}`);
        // A success may have used up what the next call needs.
        if (mutating && res.statusCode < 300) w = await buildWorld(t.app);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it.each<[string, () => Promise<LightMyRequestResponse>, number]>([
    ['an unknown API route', () => t.app.inject({ method: 'GET', url: '/api/nope' }), 404],
    ['an unknown method', () => t.app.inject({ method: 'PATCH', url: '/api/cart' }), 404],
    [
      'broken JSON',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'content-type': 'application/json' },
          payload: '{',
        }),
      400,
    ],
    [
      'a body over the limit',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: 'x'.repeat(1_100_000), password: 'x' },
        }),
      413,
    ],
    [
      'an unsupported content type',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          headers: { 'content-type': 'text/xml' },
          payload: '<a/>',
        }),
      415,
    ],
    ['a malformed URL', () => t.app.inject({ method: 'GET', url: '/api/product/one/%E0%A4%A' }), 400],
    ['the web page (SPA fallback)', () => t.app.inject({ method: 'GET', url: '/CartPage' }), 200],
    [
      'an unknown image',
      () => t.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.webp' }),
      404,
    ],
    [
      'a CORS preflight',
      () =>
        t.app.inject({
          method: 'OPTIONS',
          url: '/api/cart',
          headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
        }),
      404,
    ],
  ])('on %s', async (_label, send, status) => {
    const res = await send();
    const problems = headerProblems(res);
    tally.check(null, res.statusCode === status && !problems.length);
    expect(res.statusCode).toBe(status);
    expect(problems).toEqual([]);
  });

  it('on a 429 from the sign-in limit', async () => {
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 3; i++)
      res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: world.owner.account.email, password: 'Wrong1!xx' },
      });
    const problems = res ? headerProblems(res) : ['no response'];
    tally.check('POST /api/user/login', res?.statusCode === 429 && !problems.length);
    expect(res?.statusCode).toBe(429);
    expect(problems).toEqual([]);
  });

  it('images are served as what they are, immutable, never sniffed', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${world.imageName}` });
    const ok =
      res.headers['content-type'] === 'image/webp' &&
      res.headers['x-content-type-options'] === 'nosniff' &&
      /immutable/.test(String(res.headers['cache-control']));
    tally.check('GET /uploads/:name', ok);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('HSTS only when the shop is served over https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    const secure = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      tally.check(
        'GET /api/health',
        !plain.headers['strict-transport-security'] &&
          /max-age=\d{7,}/.test(String(res.headers['strict-transport-security'])),
      );
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await secure.close();
    }
  }, 120_000);
});

describe('Content-Security-Policy with Stripe configured', () => {
  it('lets Stripe.js, its frames and its API load, and nothing else from outside', async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_offline',
    });
    try {
      for (const url of ['/', '/checkout/payment', '/api/payment/config']) {
        const res = await stripe.app.inject({ method: 'GET', url });
        const csp = directives(res);
        const ok =
          Boolean(csp.get('script-src')?.includes('https://js.stripe.com')) &&
          Boolean(csp.get('frame-src')?.includes('https://js.stripe.com')) &&
          Boolean(csp.get('frame-src')?.includes('https://hooks.stripe.com')) &&
          Boolean(csp.get('connect-src')?.includes('https://api.stripe.com')) &&
          !headerProblems(res).length;
        tally.check(url.startsWith('/api') ? 'GET /api/payment/config' : null, ok);
        expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com']));
        expect(csp.get('frame-src')).toEqual(
          expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
        );
        expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
        expect(headerProblems(res)).toEqual([]);
        // Every outside source is Stripe's.
        const outside = [...csp.values()].flat().filter((v) => /^https?:/.test(v));
        expect(outside.every((v) => /^https:\/\/([a-z*]+\.)?stripe\.com$/.test(v))).toBe(true);
      }
    } finally {
      await stripe.close();
    }
  }, 120_000);
});

describe('CORS', () => {
  const ask = (app: TestContext['app'], origin: string, preflight: boolean) =>
    app.inject(
      preflight
        ? { method: 'OPTIONS', url: '/api/product', headers: { origin, 'access-control-request-method': 'GET' } }
        : { method: 'GET', url: '/api/product', headers: { origin } },
    );

  it('answers no foreign origin when none is configured', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:5173']) {
      for (const preflight of [false, true]) {
        const res = await ask(t.app, origin, preflight);
        tally.check('GET /api/product', !res.headers['access-control-allow-origin']);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
  });

  it('allows exactly the configured origin, without credentials', async () => {
    const cors = await createTestApp({ CORS_ORIGIN: 'https://shop.example' });
    try {
      for (const preflight of [false, true]) {
        const allowed = await ask(cors.app, 'https://shop.example', preflight);
        tally.check('GET /api/product', allowed.headers['access-control-allow-origin'] === 'https://shop.example');
        expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
        expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
        expect(String(allowed.headers.vary)).toMatch(/origin/i);
        for (const origin of [
          'https://evil.example',
          'https://shop.example.evil.example',
          'http://shop.example',
          'https://evil.example/https://shop.example',
          'null',
        ]) {
          const res = await ask(cors.app, origin, preflight);
          tally.check('GET /api/product', !res.headers['access-control-allow-origin']);
          expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        }
      }
    } finally {
      await cors.close();
    }
  }, 120_000);
});
