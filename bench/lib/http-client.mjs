import http from 'node:http';
import zlib from 'node:zlib';

/** What Chromium sends: the shop answers Brotli. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * @typedef {{ method?: string, headers?: Record<string, string>, body?: string, read?: 'json' | 'bytes' | 'none' }} Init
 * @typedef {{ status: number, headers: http.IncomingHttpHeaders, body: any }} Answer
 */

/** @typedef {ReturnType<typeof httpClient>} Client */

/**
 * The load generator's HTTP client: node:http on kept-alive sockets, a lighter load generator than fetch (1.1
 * instead of 2.7 ms of CPU per order, as measured for the README), so that on a 2-core machine the CPU goes to the
 * shop rather than to its customers.
 * The body is read as asked (`read`): parsed as JSON (the default), decompressed first if it came compressed; its
 * bytes as they travelled; or not at all (drained, nothing kept).
 * @param {number} port @param {number} [maxSockets] concurrent requests at most; unbounded for an open loop
 */
export function httpClient(port, maxSockets = Infinity) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  /** @param {string} pathname @param {Init} [init] @returns {Promise<Answer>} */
  function request(pathname, { method = 'GET', headers = {}, body, read = 'json' } = {}) {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: pathname,
          method,
          agent,
          // A body is JSON; a GET has none, and no content type, as a browser sends it.
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        },
        (res) => {
          const answer = (/** @type {unknown} */ content) =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: content });
          res.on('error', reject);
          if (read === 'none') {
            res.on('end', () => answer(null)).resume();
            return;
          }
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            if (read === 'bytes') return answer(bytes);
            try {
              answer(JSON.parse(decoded(bytes, res.headers['content-encoding']).toString('utf8')));
            } catch {
              // Not JSON: the status says enough.
              answer(null);
            }
          });
        },
      );
      req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
      req.end(body);
    });
  }

  /** @param {string} pathname @param {Init} [init] @returns {Promise<Answer>} */
  async function api(pathname, init = {}, attempt = 1) {
    try {
      return await request(pathname, init);
    } catch (err) {
      // An idle keep-alive socket the server had closed, reused before this process read the close (wrk runs
      // synchronously, so nothing is read meanwhile). Writing to it fails (EPIPE): the request, written at once,
      // never arrived, so it is sent again whatever its method. A reset may come after the request arrived, so
      // only a read is sent again after one: a cart's unit or an order sent twice would read as oversell.
      const code = err instanceof Error && 'code' in err ? String(err.code) : '';
      const reused = err instanceof Error && 'reusedSocket' in err && err.reusedSocket === true;
      const read = ['GET', 'HEAD'].includes(init.method ?? 'GET');
      const resent = (reused && code === 'EPIPE') || (read && ['ECONNRESET', 'EPIPE'].includes(code));
      if (resent && attempt < 3) return api(pathname, init, attempt + 1);
      throw err;
    }
  }

  return { api, close: () => agent.destroy() };
}

/** @param {Buffer} body @param {string | undefined} encoding */
function decoded(body, encoding) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}
