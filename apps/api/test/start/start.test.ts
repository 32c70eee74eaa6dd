import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../security/server-process.js';

/**
 * `npm start` (scripts/start.mjs) in a checkout of its own whose build is a stand-in that breaks when two
 * copies run at once (as build.mjs did: EEXIST on dist/migrations) and whose server answers one line.
 * Starts build only when the sources changed, and two starts at once build once and both come up.
 */
const START = fileURLToPath(new URL('../../../../scripts/start.mjs', import.meta.url));

const FAKE_BUILD = `
import fs from 'node:fs';
import { setTimeout } from 'node:timers/promises';
fs.appendFileSync('builds.log', process.pid + '\\n');
fs.rmSync('apps/api/dist', { recursive: true, force: true });
fs.mkdirSync('apps/api/dist', { recursive: true });
// A build takes a while: a second build running meanwhile finds dist/migrations made and fails.
await setTimeout(300);
fs.mkdirSync('apps/api/dist/migrations');
fs.writeFileSync('apps/api/dist/server.js', ${JSON.stringify(`import http from 'node:http';
const source = (await import('node:fs')).readFileSync(new URL('./source.txt', import.meta.url), 'utf8');
http.createServer((req, res) => res.end(source)).listen(Number(process.env.PORT), '127.0.0.1');`)});
fs.copyFileSync('apps/api/src/source.txt', 'apps/api/dist/source.txt');
`;

describe.runIf(!process.env.TEST_DATABASE_URL)('npm start', () => {
  let checkout: string;
  const running: ReturnType<typeof spawn>[] = [];

  beforeAll(() => {
    checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
    fs.mkdirSync(path.join(checkout, 'scripts'));
    fs.copyFileSync(START, path.join(checkout, 'scripts/start.mjs'));
    fs.mkdirSync(path.join(checkout, 'apps/api/src'), { recursive: true });
    fs.writeFileSync(path.join(checkout, 'apps/api/src/source.txt'), 'first');
    fs.writeFileSync(
      path.join(checkout, 'package.json'),
      JSON.stringify({ name: 'fake-shop', private: true, type: 'module', scripts: { build: 'node build.mjs' } }),
    );
    fs.writeFileSync(path.join(checkout, 'build.mjs'), FAKE_BUILD);
  });
  afterAll(() => {
    for (const child of running) child.kill('SIGTERM');
    fs.rmSync(checkout, { recursive: true, force: true });
  });

  const builds = () => fs.readFileSync(path.join(checkout, 'builds.log'), 'utf8').split('\n').filter(Boolean).length;

  /** Runs `node scripts/start.mjs` and resolves with what its server answers, or rejects with its output if it exits first. */
  async function start(...args: string[]): Promise<string> {
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
      cwd: checkout,
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    });
    running.push(child);
    let output = '';
    let exited = false;
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => (exited = true));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const answer = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.text(),
        () => null,
      );
      if (answer !== null) return answer;
      if (exited) throw new Error(`start exited:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`start did not come up:\n${output}`);
  }

  it('two starts at once from one checkout build once and both come up', async () => {
    expect(await Promise.all([start(), start()])).toEqual(['first', 'first']);
    expect(builds()).toBe(1);
  });

  it('a start with unchanged sources does not build', async () => {
    expect(await start()).toBe('first');
    expect(builds()).toBe(1);
  });

  it('a start after a source changed builds again, unless told --no-build', async () => {
    fs.writeFileSync(path.join(checkout, 'apps/api/src/source.txt'), 'second');
    expect(await start('--no-build')).toBe('first');
    expect(builds()).toBe(1);
    expect(await start()).toBe('second');
    expect(builds()).toBe(2);
  });
});
