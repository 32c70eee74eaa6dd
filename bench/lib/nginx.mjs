import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ACCEPT_ENCODING } from './http-client.mjs';

export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * The answer's bytes as they travel (fetch would decode them).
 * @param {string} url @param {string} acceptEncoding
 * @returns {Promise<{ status: number, encoding: string | undefined, body: Buffer }>}
 */
const rawGet = (url, acceptEncoding) =>
  new Promise((resolve, reject) =>
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject),
  );

/**
 * Saves in `dir` the files nginx serves with the same bytes as the API's answer at `url` as sent to a browser: Brotli
 * (`file.br`, beside the plain `file` its static module needs), or the plain file alone for an answer too small for
 * the API to compress.
 * @param {string} dir @param {string} file @param {string} url @returns {Promise<number>} the bytes a browser receives
 */
export async function copyAnswer(dir, file, url) {
  const plain = await rawGet(url, 'identity');
  const sent = await rawGet(url, ACCEPT_ENCODING);
  if (plain.status !== 200 || sent.status !== 200) throw new Error(`${file}: ${url} answered ${sent.status}`);
  fs.writeFileSync(path.join(dir, file), plain.body);
  if (sent.encoding === 'br') fs.writeFileSync(path.join(dir, `${file}.br`), sent.body);
  else if (sent.encoding) throw new Error(`${file}: ${url} was sent as ${sent.encoding}, not Brotli`);
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
  return spawn('nginx', ['-c', conf, '-p', work], { stdio: 'inherit' });
}
