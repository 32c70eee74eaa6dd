import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

/**
 * deploy/egp-shop.service, the unit the README gives for running the shop as a service: systemd accepts it, and it
 * runs what `npm start` runs, restarts it, gives a stop the time the shop's shutdown takes, and lets it write its data.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const UNIT = path.join(ROOT, 'deploy/egp-shop.service');

/** The unit's [Service] settings (a key set twice keeps its last value, as systemd reads most). */
function serviceSettings(): Map<string, string> {
  const settings = new Map<string, string>();
  let section = '';
  for (const raw of fs.readFileSync(UNIT, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1] ?? '';
    else if (section === 'Service') {
      const at = line.indexOf('=');
      settings.set(line.slice(0, at), line.slice(at + 1));
    }
  }
  return settings;
}

describe.runIf(!process.env.TEST_DATABASE_URL)('the systemd unit', () => {
  it('is one systemd accepts, with no unknown setting', () => {
    const verify = spawnSync('systemd-analyze', ['verify', UNIT], { encoding: 'utf8' });
    expect(verify.error, 'systemd-analyze (Debian: apt-get install systemd)').toBeUndefined();
    expect(verify.stderr + verify.stdout).toBe('');
    expect(verify.status).toBe(0);
  });

  it('runs what npm start runs, from the checkout, and restarts it', () => {
    const service = serviceSettings();
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
    const [node, ...args] = (service.get('ExecStart') ?? '').split(' ');
    expect(node).toBe('/usr/bin/node');
    expect(`node ${args.join(' ')}`).toBe(`${pkg.scripts.start} --no-build`);
    expect(fs.readFileSync(path.join(ROOT, 'scripts/start.mjs'), 'utf8')).toContain("'--no-build'");
    expect(service.get('Restart')).toBe('always');
    expect(service.get('EnvironmentFile')).toMatch(/^\//);
  });

  it("waits longer than the shop's graceful stop, and lets it write its data directory", () => {
    const service = serviceSettings();
    const defaults = loadConfig({});
    expect(service.get('KillSignal') ?? 'SIGTERM').toBe('SIGTERM');
    expect(Number(service.get('TimeoutStopSec'))).toBeGreaterThan(defaults.SHUTDOWN_GRACE_MS / 1000);
    const dataDir = path.resolve(service.get('WorkingDirectory') ?? '/', defaults.DATA_DIR);
    expect(service.get('ReadWritePaths')?.split(' ')).toContain(dataDir);
  });
});
