import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './security/server-process.js';

export const hasNginx = spawnSync('which', ['nginx']).status === 0;
const NGINX_CONF = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url));

export interface Nginx {
  url: string;
  stop(): void;
}

/** Runs deploy/nginx.conf itself, its ports and paths swapped for the test's own, in front of the two instances. */
export async function startNginx(instances: [string, string]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = fs
    .readFileSync(NGINX_CONF, 'utf8')
    .replace('pid /run/nginx-shop.pid;', `pid ${dir}/nginx.pid;`)
    .replace('/var/log/nginx/shop-error.log', `${dir}/error.log`)
    .replace('/var/cache/nginx/shop', `${dir}/cache`)
    .replace('127.0.0.1:3001', new URL(instances[0]).host)
    .replace('127.0.0.1:3002', new URL(instances[1]).host)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const stop = () => {
    nginx.kill('SIGQUIT');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`nginx did not answer on ${url}`);
}
