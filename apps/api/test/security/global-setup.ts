import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { SecurityCounts } from './report.js';

/**
 * Gives the security test files a fresh directory for their counts and, when the run ends, prints
 * one line summing them: "security: N routes covered, N attacks tried, N failures". Runs that include
 * no security test file print nothing.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-security-'));
  project.provide('securityReportDir', dir);

  return () => {
    try {
      const reports = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as SecurityCounts);
      if (!reports.length) return;
      const routes = new Set(reports.flatMap((r) => r.routes));
      const attacks = reports.reduce((n, r) => n + r.attacks, 0);
      const failures = reports.reduce((n, r) => n + r.failures, 0);
      console.log(`\nsecurity: ${routes.size} routes covered, ${attacks} attacks tried, ${failures} failures`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
