import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_JWT_SECRET } from './helpers.js';

/** The real server as a child process (`node --import tsx src/server.ts`), for crash, outage and shutdown tests. */

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Everything the server wrote so far (its JSON log lines). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server on a free port and waits until /api/health answers 200. */
export async function startServer(
  env: Record<string, string>,
  opts: {
    dataDir?: string;
    timeoutMs?: number;
    /** Called with everything the server wrote so far, each time it writes, also before it is ready. */
    onOutput?: (output: string) => void;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-server-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      TMPDIR: os.tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED: 'none',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000000',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const heard = (chunk: Buffer) => {
    output += chunk.toString();
    opts.onOutput?.(output);
  };
  child.stdout?.on('data', heard);
  child.stderr?.on('data', heard);
  /** Stops a server that never became ready, and removes the directory made for it. */
  const giveUp = (why: string) => {
    child.kill('SIGKILL');
    if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    return new Error(`${why}:\n${output}`);
  };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));
  const url = `http://127.0.0.1:${port}`;
  // Generous: tsx compiles the server on first start, and a busy machine makes that slow. 90 s was not enough on two
  // cores at a load average of 16 to 20 (another suite's browsers beside this one): a start then took over 90 s.
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    if (done) throw giveUp('server exited before it was ready');
    if (Date.now() > deadline) throw giveUp('server not ready in time');
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    url,
    dataDir,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A TCP proxy between the API and PostgreSQL that can be cut: the outage is the proxy's, so the
 * machine's PostgreSQL (which other tests use) is never touched.
 */
export interface PgProxy {
  port: number;
  /** Drops every open connection and refuses new ones (PostgreSQL gone). */
  cut(): Promise<void>;
  /** Drops every open connection and accepts new ones without ever answering (a black hole). */
  blackhole(): void;
  /**
   * Drops a connection the moment the API next sends on it, as a network failing between two statements does: the
   * connection looked healthy when the pool lent it.
   */
  cutOnNextMessage(): void;
  /** Forwards again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startPgProxy(target: { host: string; port: number }): Promise<PgProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'blackhole' = 'up';
  let cutNext = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('data', (chunk) => {
      if (!cutNext) return void upstream.write(chunk);
      cutNext = false;
      client.destroy();
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  await listen();
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        dropAll();
      });
    },
    blackhole() {
      mode = 'blackhole';
      dropAll();
    },
    cutOnNextMessage() {
      cutNext = true;
    },
    async restore() {
      mode = 'up';
      if (!server.listening) await listen();
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
