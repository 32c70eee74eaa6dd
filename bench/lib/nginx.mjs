import fs from 'node:fs';
import path from 'node:path';
import { ACCEPT_ENCODING } from './http-client.mjs';
import { spawnAtServerPriority } from './priority.mjs';

/** @typedef {import('./http-client.mjs').Client} Client */

export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * Saves in `dir` the files nginx serves with the same bytes as the API's answer at `pathname` as sent to a browser:
 * Brotli (`file.br`, beside the plain `file` its static module needs), or the plain file alone for an answer too
 * small for the API to compress.
 * @param {Client} client the API's @param {string} dir @param {string} file @param {string} pathname
 * @returns {Promise<number>} the bytes a browser receives
 */
export async function copyAnswer(client, dir, file, pathname) {
  /** The answer's bytes as they travel. @param {string} encoding */
  const get = (encoding) => client.api(pathname, { headers: { 'accept-encoding': encoding }, read: 'bytes' });
  const plain = await get('identity');
  const sent = await get(ACCEPT_ENCODING);
  if (plain.status !== 200 || sent.status !== 200) throw new Error(`${file}: ${pathname} answered ${sent.status}`);
  const encoding = sent.headers['content-encoding'];
  fs.writeFileSync(path.join(dir, file), plain.body);
  if (encoding === 'br') fs.writeFileSync(path.join(dir, `${file}.br`), sent.body);
  else if (encoding) throw new Error(`${file}: ${pathname} was sent as ${encoding}, not Brotli`);
  return sent.body.length;
}

/**
 * nginx serving `dir` on `port`: the ceiling a catalogue read is compared with. Its workers run as an unprivileged
 * user, so `work` and `dir` must be readable by them.
 * @param {string} work where its configuration, pid and log go @param {string} dir @param {number} port
 */
export function startNginx(work, dir, port) {
  const conf = path.join(work, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `load_module ${BROTLI_STATIC_MODULE};
worker_processes auto; daemon off; pid ${work}/nginx.pid; error_log ${work}/nginx-error.log;
events { worker_connections 4096; }
http { access_log off; keepalive_requests 100000; default_type application/json; types { text/html html; }
  brotli_static on; gzip_static on;
  server { listen 127.0.0.1:${port}; root ${dir}; location / { try_files $uri =404; } } }`,
  );
  return spawnAtServerPriority('nginx', ['-c', conf, '-p', work], { stdio: 'inherit' });
}
