// `npm run dev`: the API restarting on every change (tsx watch) and Vite's dev server with hot reload,
// which proxies /api and /uploads to the API. Ctrl+C stops everything. Each outside service below that the
// environment does not configure is played by its simulator, so a developer signs in by phone and sees e-receipts
// without an account anywhere:
// - CEQUENS (SMS, port 8092) and the WhatsApp Cloud API (port 8093), unless CEQUENS_API_KEY or
//   WHATSAPP_ACCESS_TOKEN is set: the codes and order messages they received are listed at
//   http://127.0.0.1:8092/simulator/messages and http://127.0.0.1:8093/simulator/messages (docs/guide/messaging.md);
// - the Tax Authority (port 8094), unless ETA_CLIENT_ID names a real POS: e-receipts start once the seller's
//   details are saved in the dashboard (RIN 100200300, the simulator's taxpayer).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const env = process.env;
const apiPort = env.PORT ?? '3000';
const cequensPort = env.CEQUENS_SIMULATOR_PORT ?? '8092';
const whatsappPort = env.WHATSAPP_SIMULATOR_PORT ?? '8093';
const etaPort = env.ETA_SIMULATOR_PORT ?? '8094';

/** The simulators this run needs: each with its script and the settings that point the shop (and it) at it. */
const simulators = [
  !env.CEQUENS_API_KEY && {
    script: 'apps/api/src/modules/messaging/sms/simulator.ts',
    settings: {
      CEQUENS_API_KEY: 'sim_cequens_api_key',
      CEQUENS_SENDER: 'EGPShop',
      CEQUENS_DLR_SECRET: 'sim-cequens-dlr-secret-0123',
      CEQUENS_API_URL: `http://127.0.0.1:${cequensPort}`,
      CEQUENS_SIMULATOR_PORT: cequensPort,
    },
  },
  !env.WHATSAPP_ACCESS_TOKEN && {
    script: 'apps/api/src/modules/messaging/whatsapp/simulator.ts',
    settings: {
      WHATSAPP_ACCESS_TOKEN: 'sim_whatsapp_access_token',
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      WHATSAPP_APP_SECRET: 'sim_whatsapp_app_secret',
      WHATSAPP_VERIFY_TOKEN: 'sim-verify',
      WHATSAPP_API_URL: `http://127.0.0.1:${whatsappPort}`,
      WHATSAPP_WEBHOOK_URL: `http://127.0.0.1:${apiPort}/api/messaging/whatsapp/webhook`,
      WHATSAPP_SIMULATOR_PORT: whatsappPort,
    },
  },
  !env.ETA_CLIENT_ID && {
    script: 'apps/api/src/modules/receipts/simulator.ts',
    settings: {
      ETA_CLIENT_ID: 'simulator-client',
      ETA_CLIENT_SECRET: 'simulator-secret',
      ETA_POS_SERIAL: 'SIM-POS-1',
      ETA_POS_OS_VERSION: 'dev',
      ETA_ID_URL: `http://127.0.0.1:${etaPort}`,
      ETA_API_URL: `http://127.0.0.1:${etaPort}`,
      ETA_SIMULATOR_PORT: etaPort,
    },
  },
].filter((simulator) => simulator !== false);
const simulated = Object.assign({}, ...simulators.map((simulator) => simulator.settings));

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...simulated, PORT: apiPort },
  }),
  ...simulators.map(({ script, settings }) =>
    spawn('npx', ['tsx', script], { cwd: root, stdio: 'inherit', env: { ...env, ...settings } }),
  ),
  spawn('npx', ['vite'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...env, API_URL: `http://localhost:${apiPort}` },
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
