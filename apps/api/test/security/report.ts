import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each security test file leaves its counts; global-setup.ts sums them at the end. */
    securityReportDir: string;
  }
}

/** One test file's report: the routes it attacked, the attacks it made and how many got a wrong answer. */
export interface SecurityCounts {
  file: string;
  routes: string[];
  attacks: number;
  failures: number;
}

/**
 * Counts the attacks of one test file. `attack` runs one attack's check and counts it; a check that
 * throws is a failure (counted, then rethrown, so the test fails too). `save` in afterAll writes the
 * counts for the closing summary line.
 */
export class Tally {
  private readonly routes = new Set<string>();
  attacks = 0;
  failures = 0;

  constructor(private readonly file: string) {}

  /** Marks a route ("METHOD /path" as in the server's route table) as covered. */
  route(key: string): void {
    this.routes.add(key);
  }

  async attack<T>(route: string | null, check: () => Promise<T> | T): Promise<T> {
    if (route) this.routes.add(route);
    this.attacks++;
    try {
      return await check();
    } catch (err) {
      this.failures++;
      throw err;
    }
  }

  /** Counts one attack whose answer was checked by the caller; returns `ok`. */
  check(route: string | null, ok: boolean): boolean {
    if (route) this.routes.add(route);
    this.attacks++;
    if (!ok) this.failures++;
    return ok;
  }

  /** Counts attacks made elsewhere (a fast-check property counts its runs itself). */
  add(attacks: number, failures = 0): void {
    this.attacks += attacks;
    this.failures += failures;
  }

  save(): void {
    // Outside the api's vitest config (no global setup) there is nobody to read the counts.
    const dir = inject('securityReportDir');
    if (!dir || !fs.existsSync(dir)) return;
    const counts: SecurityCounts = {
      file: this.file,
      routes: [...this.routes].sort(),
      attacks: this.attacks,
      failures: this.failures,
    };
    fs.writeFileSync(path.join(dir, `${this.file}.json`), JSON.stringify(counts));
  }
}
