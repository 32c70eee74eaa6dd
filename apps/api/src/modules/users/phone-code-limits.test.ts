import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { hash } from '@node-rs/argon2';
import { API_MSG } from '@shop/contracts';
import { phoneCodes, users } from '../../db/schema.js';
import { createTestApp, registerShopper, type TestContext } from '../../../test/harness.js';
import { holdNextHash } from '../../../test/held-hash.js';
import { mobileMaker } from '../../../test/messaging-simulators.js';
import { lastCodeSentTo } from '../../../test/outbox.js';
import { movedTime } from '../../../test/moved-time.js';
import { CODE_TTL_MS, CODES_PER_ADDRESS, CODES_PER_PHONE, CODES_PER_REQUESTER } from './phone-sign-in.js';

// Hashing a code is the costly step of asking one: counted, to see that a refused request never gets that far.
vi.mock('@node-rs/argon2', async (original) => {
  const argon2 = await original<typeof import('@node-rs/argon2')>();
  return { ...argon2, hash: vi.fn(argon2.hash) };
});
const hashes = () => vi.mocked(hash).mock.calls.length;

/** The hour's allowances of sign-in codes, counted in this process's memory and in Redis alike. */
const redisUrl = process.env.TEST_REDIS_URL;
const stores: [string, Record<string, string>][] = [['in memory', {}]];
if (redisUrl)
  stores.push(['in Redis', { REDIS_URL: redisUrl, REDIS_PREFIX: `shop-test-${randomBytes(4).toString('hex')}:` }]);

const newMobile = mobileMaker('0157');
const AN_HOUR_S = 3000;

const askCode = (
  t: TestContext,
  phone: string,
  ip: string,
  headers: Record<string, string> = {},
  url = '/api/auth/phone/start',
) => t.app.inject({ method: 'POST', url, headers, remoteAddress: ip, payload: { phone, channel: 'sms' } });

/** A refusal as the sign-in screen reads it: too many codes, Retry-After the same seconds as the body, the hour's. */
const expectHourRefusal = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(429);
  const body = res.json<{ message: string; retryAfter: number }>();
  expect(body).toEqual({ message: API_MSG.tooManyCodes, retryAfter: expect.any(Number) });
  expect(body.retryAfter).toBeGreaterThan(AN_HOUR_S);
  expect(res.headers['retry-after']).toBe(String(body.retryAfter));
};

describe.each(stores)('sign-in codes counted %s', (_name, env) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000000', ...env });
  });
  afterAll(() => t.close());

  const rowsOf = (mobile: { stored: string }) =>
    t.app.db.select().from(phoneCodes).where(eq(phoneCodes.phone, mobile.stored));
  const start = (phone: string, ip: string, headers?: Record<string, string>, url?: string) =>
    askCode(t, phone, ip, headers, url);

  it("leave the shopper their own codes however many a stranger's address asked", async () => {
    const shopper = newMobile();
    for (let i = 0; i < CODES_PER_REQUESTER; i++) {
      expect((await start(shopper.local, '198.51.100.1')).statusCode).toBe(202);
      t.clock.advance(61_000);
    }
    // The stranger keeps asking: refused, and spending nothing of what the phone may be sent.
    for (let i = 0; i < CODES_PER_PHONE; i++) {
      expectHourRefusal(await start(shopper.local, '198.51.100.1'));
      t.clock.advance(61_000);
    }
    for (let i = 0; i < CODES_PER_REQUESTER; i++) {
      expect((await start(shopper.local, '203.0.113.9')).statusCode).toBe(202);
      t.clock.advance(61_000);
    }
    expectHourRefusal(await start(shopper.local, '203.0.113.9'));
  });

  it("leave an address its codes for other phones however often one phone's own allowance refused it", async () => {
    const mobile = newMobile();
    for (let i = 0; i < CODES_PER_REQUESTER; i++) {
      expect((await start(mobile.local, '198.51.100.30')).statusCode).toBe(202);
      t.clock.advance(61_000);
    }
    // More than the address's whole allowance of refusals for that phone: none of them is a code sent.
    for (let i = 0; i < CODES_PER_ADDRESS; i++) expectHourRefusal(await start(mobile.local, '198.51.100.30'));
    for (let i = CODES_PER_REQUESTER; i < CODES_PER_ADDRESS; i++)
      expect((await start(newMobile().local, '198.51.100.30')).statusCode).toBe(202);
    expectHourRefusal(await start(newMobile().local, '198.51.100.30'));
  });

  it('send a phone at most its hourly ceiling from however many networks, alike with an account or without', async () => {
    const [proven, unknown] = [newMobile(), newMobile()];
    await t.app.db
      .insert(users)
      .values({ name: 'Proven', phone: proven.local, verifiedPhone: proven.stored, email: null, passwordHash: null });
    const answers = { proven: [] as unknown[], unknown: [] as unknown[] };
    const ask = async (ip: string) => {
      for (const [key, mobile] of [
        ['proven', proven],
        ['unknown', unknown],
      ] as const) {
        const res = await start(mobile.local, ip);
        const body = res.json<{ retryAfter?: number }>();
        answers[key].push([res.statusCode, { ...body, ...(body.retryAfter ? { retryAfter: 'an hour' } : {}) }]);
        if (res.statusCode === 429) expectHourRefusal(res);
      }
      t.clock.advance(61_000);
    };
    const networks = CODES_PER_PHONE / CODES_PER_REQUESTER;
    for (let n = 0; n < networks; n++) for (let i = 0; i < CODES_PER_REQUESTER; i++) await ask(`10.7.${n}.1`);
    await ask('10.7.99.1');
    expect(answers.proven).toEqual(answers.unknown);
    expect(answers.proven.map((answer) => (answer as [number])[0])).toEqual([
      ...Array<number>(CODES_PER_PHONE).fill(202),
      429,
    ]);
    // Refused by the phone's ceiling, a requester keeps its own allowance for other phones.
    for (let i = 0; i < CODES_PER_ADDRESS; i++) expectHourRefusal(await start(unknown.local, '10.7.99.1'));
    expect((await start(newMobile().local, '10.7.99.1')).statusCode).toBe(202);
  });

  it('count the addresses of one IPv6 /64 as one, and an IPv4-mapped address as its IPv4', async () => {
    for (let i = 0; i < CODES_PER_ADDRESS; i++)
      expect((await start(newMobile().local, `2001:db8:7:1::${(i + 1).toString(16)}`)).statusCode).toBe(202);
    expectHourRefusal(await start(newMobile().local, '2001:db8:7:1:ffff:ffff:ffff:fffe'));
    expect((await start(newMobile().local, '2001:db8:7:2::1')).statusCode).toBe(202);

    for (let i = 0; i < CODES_PER_ADDRESS; i++)
      expect((await start(newMobile().local, '198.51.100.20')).statusCode).toBe(202);
    expectHourRefusal(await start(newMobile().local, '::ffff:198.51.100.20'));
    expect((await start(newMobile().local, '198.51.100.21')).statusCode).toBe(202);
  });

  it('count the codes a signed-in account asks to prove a mobile with those of sign-in', async () => {
    const shopper = await registerShopper(t.app);
    const mobile = newMobile();
    for (let i = 0; i < CODES_PER_REQUESTER; i++) {
      const res =
        i % 2
          ? await start(mobile.local, '10.8.0.1', shopper.headers, '/api/user/phone/code')
          : await start(mobile.local, '10.8.0.1');
      expect(res.statusCode, res.body).toBe(202);
      t.clock.advance(61_000);
    }
    expectHourRefusal(await start(mobile.local, '10.8.0.1', shopper.headers, '/api/user/phone/code'));
    expectHourRefusal(await start(mobile.local, '10.8.0.1'));
    expect((await start(mobile.local, '10.8.0.2', shopper.headers, '/api/user/phone/code')).statusCode).toBe(202);
  });

  it('hash no code for a request they refuse', async () => {
    const mobile = newMobile();
    const before = hashes();
    for (let i = 0; i < CODES_PER_REQUESTER; i++) {
      expect((await start(mobile.local, '198.51.100.40')).statusCode).toBe(202);
      expect((await start(mobile.local, '198.51.100.40')).statusCode).toBe(429);
      t.clock.advance(61_000);
    }
    expectHourRefusal(await start(mobile.local, '198.51.100.40'));
    expect(hashes() - before).toBe(CODES_PER_REQUESTER);
  });

  it("make no request wait for another's hash, and still send a phone one code when two ask at once", async () => {
    const [mobile, other] = [newMobile(), newMobile()];
    const held = holdNextHash();
    // Released however the test ends, a timeout included: the first request, and the app's close, must not wait on.
    onTestFinished(held.release);
    const first = start(mobile.local, '198.51.100.70');
    await held.started;
    // While that code is being hashed, another phone is sent its code, and so is the same phone, asked again. Answered
    // however long the machine takes, but while the hash is held: a request that waited for it would never be.
    const [elsewhere, again] = await Promise.all([
      start(other.local, '198.51.100.71'),
      start(mobile.local, '198.51.100.72'),
    ]);
    expect([elsewhere.statusCode, again.statusCode]).toEqual([202, 202]);
    held.release();
    // The first finds the code sent meanwhile and is answered as any request within the phone's 60 s.
    const late = await first;
    expect(late.statusCode, late.body).toBe(429);
    const { retryAfter } = late.json<{ retryAfter: number }>();
    expect(late.json()).toEqual({ message: API_MSG.codeWait(retryAfter), retryAfter });
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await rowsOf(mobile)).toHaveLength(1);
    expect(await rowsOf(other)).toHaveLength(1);
    // Refused within the 60 s, it spent nothing of its requester's hour.
    for (let i = 0; i < CODES_PER_REQUESTER; i++) {
      t.clock.advance(61_000);
      expect((await start(mobile.local, '198.51.100.70')).statusCode).toBe(202);
    }
    t.clock.advance(61_000);
    expectHourRefusal(await start(mobile.local, '198.51.100.70'));
  });

  it('send one code when two requests for a phone arrive together, the other told to wait', async () => {
    const mobile = newMobile();
    const answers = await Promise.all([start(mobile.local, '198.51.100.73'), start(mobile.local, '198.51.100.74')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 429]);
    const refused = answers.find((res) => res.statusCode === 429)?.json<{ message: string; retryAfter: number }>();
    expect(refused?.message).toBe(API_MSG.codeWait(refused?.retryAfter ?? 0));
    expect(await rowsOf(mobile)).toHaveLength(1);
  });

  it('hash at most twice for a burst of requests for one phone, one code sent', async () => {
    const mobile = newMobile();
    const before = hashes();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => start(mobile.local, `198.51.100.${80 + i}`)));
    expect(answers.filter((res) => res.statusCode === 202)).toHaveLength(1);
    expect(await rowsOf(mobile)).toHaveLength(1);
    // One hashed ahead of the phone's lock, and at most one under it; the others refused without a hash.
    expect(hashes() - before).toBeLessThanOrEqual(2);
  });

  it("delete spent codes as new ones are sent, keeping live codes and the hour's count", async () => {
    const [first, second] = [newMobile(), newMobile()];
    for (let i = 0; i < 2; i++) {
      expect((await start(first.local, '198.51.100.50')).statusCode).toBe(202);
      t.clock.advance(61_000);
    }
    t.clock.advance(CODE_TTL_MS);
    expect((await start(second.local, '198.51.100.51')).statusCode).toBe(202);
    expect(await rowsOf(first)).toEqual([]);
    expect(await rowsOf(second)).toHaveLength(1);
    // The hour still counts the codes whose rows are gone.
    for (let i = 2; i < CODES_PER_REQUESTER; i++) {
      expect((await start(first.local, '198.51.100.50')).statusCode).toBe(202);
      t.clock.advance(61_000);
    }
    expectHourRefusal(await start(first.local, '198.51.100.50'));
    // A code sent since is still good, through the housekeeping of the codes sent after it.
    const code = await lastCodeSentTo(t, second.stored);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone/verify',
      payload: { phone: second.local, code },
    });
    expect(verified.json()).toMatchObject({ nameNeeded: true });
  });
});

/** The hour's allowances end in real time: counted in this process's memory, moving Date.now on ends them. */
describe('sign-in codes counted in memory, as the hour passes', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  });
  afterAll(() => t.close());

  it("leave a requester their codes for a phone however often their address's allowance refused them", async () => {
    const mobile = newMobile();
    for (let i = 0; i < CODES_PER_ADDRESS; i++)
      expect((await askCode(t, newMobile().local, '198.51.100.60')).statusCode).toBe(202);
    const time = movedTime();
    try {
      // Late in the address's hour, the phone is asked for more than its own allowance: all refused by the address's.
      time.minutesOn(50);
      for (let i = 0; i <= CODES_PER_REQUESTER; i++) {
        const refused = await askCode(t, mobile.local, '198.51.100.60');
        expect(refused.statusCode).toBe(429);
        // Told to wait out what is left of the address's hour.
        const body = refused.json<{ message: string; retryAfter: number }>();
        expect(body.message).toBe(API_MSG.tooManyCodes);
        expect(body.retryAfter).toBeGreaterThan(500);
        expect(body.retryAfter).toBeLessThanOrEqual(600);
      }
      // The address's hour has ended; the phone's own allowance was never started.
      time.minutesOn(61);
      for (let i = 0; i < CODES_PER_REQUESTER; i++) {
        expect((await askCode(t, mobile.local, '198.51.100.60')).statusCode).toBe(202);
        t.clock.advance(61_000);
      }
      expectHourRefusal(await askCode(t, mobile.local, '198.51.100.60'));
    } finally {
      time.restore();
    }
  });
});
