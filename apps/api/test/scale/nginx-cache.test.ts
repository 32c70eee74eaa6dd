import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../security/server-process.js';
import { hasNginx, startNginx, type Nginx } from '../nginx.js';

/**
 * deploy/nginx.conf keeps what the shop says a shared cache may keep (public catalogue reads, for a few seconds) and
 * nothing else: each request the shop answers is one of its log lines, so the lines count what nginx passed on.
 */
describe.runIf(hasNginx)('nginx in front of the shop', () => {
  let server: ServerProcess;
  let nginx: Nginx;

  beforeAll(async () => {
    server = await startServer({});
    nginx = await startNginx([server.url, server.url]);
  }, 120_000);

  afterAll(async () => {
    nginx?.stop();
    await server?.stop();
  });

  /** Requests for `path` the shop itself answered. */
  const answeredByShop = (path: string) =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes(`"url":"${path}"`)).length;

  const read = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${nginx.url}${path}`, { headers });
    await res.arrayBuffer();
    return {
      status: res.status,
      proxy: res.headers.get('x-proxy-cache'),
      cacheControl: res.headers.get('cache-control'),
    };
  };

  /** Waits for the shop's log line of each request (written once its answer has left). */
  const settled = () => new Promise((r) => setTimeout(r, 200));

  it('answers a catalogue read again from its own cache', async () => {
    const path = '/api/department?nginx=1';
    const first = await read(path);
    expect(first).toMatchObject({ status: 200, proxy: 'MISS', cacheControl: 'public, max-age=0, s-maxage=5' });
    const again = await read(path);
    expect(again.proxy).toBe('HIT');
    await settled();
    expect(answeredByShop(path)).toBe(1);
  });

  it('passes on every signed-in read and every read that is not the catalogue’s', async () => {
    const catalogue = '/api/department?nginx=2';
    const signedIn = { 'x-access-token': 'a-session-token' };
    for (let i = 0; i < 2; i++) expect((await read(catalogue, signedIn)).proxy).toBe('BYPASS');
    const rates = '/api/shipping/rates';
    for (let i = 0; i < 2; i++) expect(await read(rates)).toMatchObject({ status: 200, proxy: 'MISS' });
    await settled();
    expect(answeredByShop(catalogue)).toBe(2);
    expect(answeredByShop(rates)).toBe(2);
  });
});
