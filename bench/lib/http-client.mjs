import http from 'node:http';
import zlib from 'node:zlib';

/** What Chromium sends: the shop answers Brotli. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * @typedef {{ method?: string, headers?: Record<string, string>, body?: string, parse?: boolean }} Init
 * @typedef {{ status: number, headers: http.IncomingHttpHeaders, body: any }} Answer
 */

/**
 * The simulated shoppers' HTTP client: node:http on kept-alive sockets, a lighter load generator than fetch (1.1
 * instead of 2.7 ms of CPU per order, as measured for the README), so that on a 2-core machine the CPU goes to the
 * shop rather than to its customers.
 * Bodies are parsed only when asked (`parse`), decompressed first if they came compressed.
 * @param {number} port @param {number} [maxSockets] concurrent requests at most; unbounded for an open loop
 */
export function httpClient(port, maxSockets = Infinity) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  /** @param {string} pathname @param {Init} [init] @returns {Promise<Answer>} */
  function request(pathname, { method = 'GET', headers = {}, body, parse = true } = {}) {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: pathname,
          method,
          agent,
          headers: { 'content-type': 'application/json', ...headers },
        },
        (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (chunk) => parse && chunks.push(chunk));
          res.on('end', () => {
            let parsed = null;
            if (parse) {
              try {
                parsed = JSON.parse(decoded(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8'));
              } catch {
                // Not JSON: the status says enough.
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** @param {string} pathname @param {Init} [init] @returns {Promise<Answer>} */
  async function api(pathname, init = {}, attempt = 1) {
    try {
      return await request(pathname, init);
    } catch (err) {
      // An idle keep-alive socket the server closed just as it was reused: the request never arrived. A POST
      // is not sent again (it may have arrived: an order placed twice would read as oversell).
      const resent =
        init.method !== 'POST' &&
        err instanceof Error &&
        'code' in err &&
        ['ECONNRESET', 'EPIPE'].includes(String(err.code));
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
