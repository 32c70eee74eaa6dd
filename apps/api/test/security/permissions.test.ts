import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../harness.js';
import { buildWorld, changedTables, jsonOf, routeKey, settle, tableDigest, toInject, type World } from './helpers.js';
import { CALLERS, caseFor, COURIER_ENV, MESSAGING_ENV, ROUTES, type Who } from './routes.js';
import { Tally } from './report.js';

/**
 * The permission matrix, generated from the server's own route table: every route is called as a
 * visitor, the owner of the resources it names, another shopper and an admin, and each must get the
 * status test/security/routes.ts expects. A refused call must also change nothing.
 */

let t: TestContext;
const tally = new Tally('permissions');
beforeAll(async () => {
  // The matrix makes a few hundred calls from one address: the general limit is not what is tested here.
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000', ...COURIER_ENV, ...MESSAGING_ENV });
});
afterAll(async () => {
  tally.save();
  await t.close();
});

const headersOf = (w: World, who: Who): Record<string, string> =>
  who === 'visitor'
    ? {}
    : who === 'owner'
      ? w.owner.account.headers
      : who === 'other'
        ? w.other.account.headers
        : w.admin.headers;

describe('the route table', () => {
  it('has an expectation for every route, and every expectation has a route', () => {
    const unknown = t.routes.filter((r) => !caseFor(r.method, r.url)).map(routeKey);
    expect(unknown, 'routes the matrix does not know: add them to test/security/routes.ts').toEqual([]);
    const registered = new Set(t.routes.map(routeKey));
    const stale = Object.keys(ROUTES).filter((key) => !registered.has(key));
    expect(stale, 'expectations for routes the server no longer has').toEqual([]);
    // Sanity: the table is the real one (catches a harness that collected nothing).
    expect(t.routes.length).toBeGreaterThan(60);
  });

  it('declares on every route the access the matrix expects (a changed access must be a decision made here too)', () => {
    const wrong = t.routes
      .map((r) => ({
        key: routeKey(r),
        declared: r.access ?? (r.url.startsWith('/api/docs') ? 'public' : 'none'),
        expected: caseFor(r.method, r.url)?.access,
      }))
      .filter((r) => r.declared !== r.expected);
    expect(wrong).toEqual([]);
  });
});

describe('permission matrix', () => {
  it('answers each caller of each route as expected, and a refused call changes nothing', async () => {
    const mismatches: string[] = [];
    for (const route of t.routes) {
      const key = routeKey(route);
      const expectation = caseFor(route.method, route.url);
      if (!expectation) continue; // reported by the route-table test above
      const mutating = !['GET', 'HEAD'].includes(route.method);
      let world: World | null = null;
      for (const who of CALLERS) {
        // A call that succeeded may have used up what the next caller needs (a review, an empty department).
        world ??= await buildWorld(t.app);
        const expected = expectation.expect[who];
        const denied = expected === 401 || expected === 403;
        const before = denied ? await tableDigest(t.app) : null;
        const res = await t.app.inject(
          toInject(route, await expectation.request(world, world.owner), headersOf(world, who)),
        );
        let problem = res.statusCode === expected ? '' : `got ${res.statusCode} ${res.body.slice(0, 160)}`;
        if (!problem && before) {
          const changed = changedTables(before, await tableDigest(t.app));
          if (changed.length) problem = `refused but changed ${changed.join(', ')}`;
          // A HEAD answer has no body by definition.
          const body = jsonOf(res.body) as { message?: unknown } | undefined;
          if (route.method !== 'HEAD' && typeof body?.message !== 'string')
            problem = `refusal without a message: ${res.body.slice(0, 100)}`;
        }
        if (!tally.check(key, !problem)) mismatches.push(`${key} as ${who}: expected ${expected}, ${problem}`);
        if (mutating && res.statusCode < 300) {
          world = null;
          // What it woke (its e-mail, a receipt) must not write while the next caller's refusal is checked.
          await settle(t.app);
        }
      }
    }
    // The mismatches in the message too: the run's list of failures shows an assertion's first line only.
    expect(mismatches, mismatches.join('; ')).toEqual([]);
  }, 300_000);
});
