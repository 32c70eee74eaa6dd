// `npm run dev`: the API restarting on every change (tsx watch) and Vite's dev server with hot reload,
// which proxies /api and /uploads to the API. Ctrl+C stops both. Unless ETA_CLIENT_ID names a real POS, the ETA
// simulator stands in for the Tax Authority (port ETA_SIMULATOR_PORT, 8094): e-receipts start once the seller's
// details are saved in the dashboard (RIN 100200300, the simulator's taxpayer).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const apiPort = process.env.PORT ?? '3000';
const etaPort = process.env.ETA_SIMULATOR_PORT ?? '8094';
const eta = process.env.ETA_CLIENT_ID
  ? null
  : {
      ETA_CLIENT_ID: 'simulator-client',
      ETA_CLIENT_SECRET: 'simulator-secret',
      ETA_POS_SERIAL: 'SIM-POS-1',
      ETA_POS_OS_VERSION: 'dev',
      ETA_ID_URL: `http://127.0.0.1:${etaPort}`,
      ETA_API_URL: `http://127.0.0.1:${etaPort}`,
    };
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...eta, PORT: apiPort },
  }),
  ...(eta
    ? [
        spawn('npx', ['tsx', 'apps/api/src/modules/receipts/simulator.ts'], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, ...eta, ETA_SIMULATOR_PORT: etaPort },
        }),
      ]
    : []),
  spawn('npx', ['vite'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://localhost:${apiPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
