import { describe, expect, it } from 'vitest';
import { WORKER_OLD_SPACE_MB, workerExecArgv } from './cluster.js';

describe("a cluster worker's Node options", () => {
  it("keep the primary's options and bound the old generation", () => {
    expect(workerExecArgv(['--enable-source-maps'])).toEqual([
      '--enable-source-maps',
      `--max-old-space-size=${WORKER_OLD_SPACE_MB}`,
    ]);
  });

  it('leave a limit set on the command line or in NODE_OPTIONS as it is', () => {
    expect(workerExecArgv(['--max-old-space-size=4096'])).toEqual(['--max-old-space-size=4096']);
    expect(workerExecArgv([], '--trace-warnings  --max-old-space-size=300')).toEqual([]);
  });
});
