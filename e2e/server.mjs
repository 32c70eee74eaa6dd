// Starts the shop for the browser tests: the web app built into a directory of this run's own (so
// parallel runs never overwrite each other's files), the API in production mode, a fresh data
// directory with the demo seed. Beside it, on the next port, the same shop paying through Paymob and Fawry
// together (the 'paymob' project of playwright.config.ts tests it): a second API with PAYMOB_* (cards, wallets,
// kiosk, a valU instalment plan) and FAWRY_* settings and a data directory of its own. Each API keeps one
// provider for its whole life, as a real shop does. The main shop sends its SMS and WhatsApp messages to
// simulators (e2e/support/messages.ts reads what they received); its e-mail still goes to the outbox.
// Ports from E2E_PORT (3210): +1 the Paymob shop, +2 the Paymob simulator, +3 CEQUENS, +4 WhatsApp, +5 Fawry.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const webDist = path.join(runDir, 'web');
/** @param {string[]} args */
const viteBuild = (...args) =>
  spawnSync('npx', ['vite', 'build', ...args, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }).status;
// The app, and beside it (where the API looks for it) the bundle that renders the storefront's pages on the server.
const built =
  viteBuild('--outDir', webDist) ||
  viteBuild('--ssr', 'src/entry-server.tsx', '--outDir', path.join(runDir, 'dist-ssr'));
if (built !== 0) process.exit(built ?? 1);

// Tests read the mail outbox (password-reset links) from the data directory: its path is written to a
// file named after the port, which e2e/support/outbox.ts finds also when Playwright reuses a running server.
const port = process.env.E2E_PORT ?? '3210';
const dataDir = path.join(runDir, 'data');
const pointer = path.join(os.tmpdir(), `shop-e2e-${port}.datadir`);
fs.writeFileSync(pointer, dataDir);

const paymobPort = process.env.E2E_PAYMOB_PORT ?? String(Number(port) + 1);
const simulatorPort = String(Number(paymobPort) + 1);
const PAYMOB = {
  PAYMOB_SECRET_KEY: 'egy_sk_test_e2e',
  PAYMOB_PUBLIC_KEY: 'egy_pk_test_e2e',
  PAYMOB_HMAC_SECRET: 'e2e_hmac_secret',
  PAYMOB_CARD_INTEGRATION_ID: '5001',
  PAYMOB_WALLET_INTEGRATION_ID: '5002',
  PAYMOB_KIOSK_INTEGRATION_ID: '5003',
  PAYMOB_INSTALMENT_INTEGRATIONS: 'valu:5101',
};
const fawryPort = String(Number(simulatorPort) + 3);
const FAWRY = { FAWRY_MERCHANT_CODE: 'e2e_merchant', FAWRY_SECURITY_KEY: 'e2e_fawry_key', FAWRY_METHODS: 'reference' };

const cequensPort = String(Number(simulatorPort) + 1);
const whatsappPort = String(Number(simulatorPort) + 2);
const MESSAGING = {
  CEQUENS_API_KEY: 'e2e_cequens_api_key',
  CEQUENS_SENDER: 'EGPShop',
  CEQUENS_DLR_SECRET: 'e2e_cequens_dlr_secret_0123456789',
  CEQUENS_API_URL: `http://127.0.0.1:${cequensPort}`,
  WHATSAPP_ACCESS_TOKEN: 'e2e_whatsapp_access_token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  WHATSAPP_APP_SECRET: 'e2e_whatsapp_app_secret',
  WHATSAPP_VERIFY_TOKEN: 'e2e_whatsapp_verify_token',
  WHATSAPP_API_URL: `http://127.0.0.1:${whatsappPort}`,
};

/** @param {string} apiPort @param {string} dir @param {Record<string, string>} [extra] */
const api = (apiPort, dir, extra = {}) =>
  spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: apiPort,
      DATA_DIR: dir,
      WEB_DIST: webDist,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      // Many test shoppers sign in, and ask about delivery phones, from one address.
      RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_MAX: '1000',
      CASH_PHONES_PER_ADDRESS: '100000',
      ...extra,
    },
  });

/** @param {string} script @param {Record<string, string>} env */
const simulatorOf = (script, env) =>
  spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
const simulator = simulatorOf('apps/api/src/modules/payments/paymob/simulator.ts', {
  ...PAYMOB,
  PAYMOB_SIMULATOR_PORT: simulatorPort,
});
const cequens = simulatorOf('apps/api/src/modules/messaging/sms/simulator.ts', {
  ...MESSAGING,
  CEQUENS_SIMULATOR_PORT: cequensPort,
});
const whatsapp = simulatorOf('apps/api/src/modules/messaging/whatsapp/simulator.ts', {
  ...MESSAGING,
  WHATSAPP_SIMULATOR_PORT: whatsappPort,
  WHATSAPP_WEBHOOK_URL: `http://127.0.0.1:${port}/api/messaging/whatsapp/webhook`,
});
const fawrySimulator = spawn(
  process.execPath,
  ['--import', 'tsx', 'apps/api/src/modules/payments/fawry/simulator.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...FAWRY, FAWRY_SIMULATOR_PORT: fawryPort },
  },
);
const paymobShop = api(paymobPort, path.join(runDir, 'data-paymob'), {
  ...PAYMOB,
  ...FAWRY,
  PAYMOB_API_URL: `http://127.0.0.1:${simulatorPort}`,
  FAWRY_API_URL: `http://127.0.0.1:${fawryPort}`,
  PUBLIC_URL: `http://127.0.0.1:${paymobPort}`,
});
/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
const helpers = [simulator, cequens, whatsapp, fawrySimulator, paymobShop];
const stop = () => [server, ...helpers].forEach((child) => child?.kill('SIGTERM'));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
for (const helper of helpers) {
  helper.on('exit', (code) => {
    if (server) server.kill('SIGTERM');
    else process.exit(code ?? 1);
  });
}

/** @param {string} apiPort */
async function answering(apiPort) {
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${apiPort}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Every test's order goes to the helpers' one phone: the shop lets it have as many cash orders open, and refuse as
 * many parcels, as the settings allow (the default, 3 open, would refuse the fourth cash order of a run). Signed in
 * as the demo seed's admin.
 * @param {string} apiPort
 */
async function lenientCashRules(apiPort) {
  const base = `http://127.0.0.1:${apiPort}/api`;
  const login = await fetch(`${base}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@shop.local', password: 'Admin123!' }),
  });
  const headers = { 'content-type': 'application/json', 'x-access-token': (await login.json()).token };
  const settings = await (await fetch(`${base}/admin/settings/cod`, { headers })).json();
  const saved = await fetch(`${base}/admin/settings/cod`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, maxOpenCashOrders: 100, refusalsBeforeOnlineOnly: 100 }),
  });
  if (!saved.ok) throw new Error(`could not save the cash rules: ${saved.status} ${await saved.text()}`);
}

// The main shop starts once the Paymob one answers: Playwright waits for the main shop, so the tests
// begin with both up and seeded, and no seeding competes with them for the CPU.
await answering(paymobPort);
await lenientCashRules(paymobPort);
server = api(port, dataDir, { ...MESSAGING, PAYMENT_PROVIDER: 'offline' });
// A test places its first cash orders well after the shop answers; the rules are saved by then.
void answering(port).then(() => lenientCashRules(port));
server.on('exit', (code) => {
  for (const helper of helpers) helper.kill('SIGTERM');
  fs.rmSync(runDir, { recursive: true, force: true });
  if (fs.existsSync(pointer) && fs.readFileSync(pointer, 'utf8') === dataDir) fs.rmSync(pointer, { force: true });
  process.exit(code ?? 0);
});
