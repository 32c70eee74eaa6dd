import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** A test this slow is close to its budget on a machine half as fast: it is named at the end of the run. */
const SLOW_MS = 15_000;

/** Lists, slowest first, the tests of the run that took longer than SLOW_MS (each attempt counted). */
export default class SlowTests implements Reporter {
  private readonly slow: { name: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.duration <= SLOW_MS) return;
    const file = path.relative(process.cwd(), test.location.file);
    this.slow.push({
      name: `${file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`,
      ms: result.duration,
    });
  }

  onEnd(_result: FullResult): void {
    if (!this.slow.length) return;
    console.log(`\n${this.slow.length} test(s) slower than ${SLOW_MS / 1000} s:`);
    for (const { name, ms } of this.slow.sort((a, b) => b.ms - a.ms))
      console.log(`  ${(ms / 1000).toFixed(1)} s  ${name}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
