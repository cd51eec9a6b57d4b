/** run.log is bounded: the first lines up to the limit are kept, the rest counted in a last line. */
import { describe, expect, it } from 'vitest';
import { RunLog } from '../../src/executor/run-log.js';

describe('RunLog', () => {
  it('keeps lines up to the limit and says how many were left out', () => {
    const log = new RunLog(2 * 1024 * 1024);
    const line = 'x'.repeat(1024 * 1024 - 1); // 1 MiB with its newline
    for (let i = 0; i < 5; i++) log.push(`${i}${line.slice(1)}`);
    const lines = log.lines();
    expect(lines).toHaveLength(3);
    expect(lines[0]?.startsWith('0')).toBe(true);
    expect(lines[1]?.startsWith('1')).toBe(true);
    expect(lines[2]).toBe('… 3 more lines (3.0 MiB) not kept: run.log keeps the first 2 MiB');
  });

  it('is empty until something is logged, and unbounded lines pass through under the limit', () => {
    const log = new RunLog();
    expect(log.isEmpty).toBe(true);
    log.push('a1/t/d/e0#0: stderr: warming up');
    expect(log.isEmpty).toBe(false);
    expect(log.lines()).toEqual(['a1/t/d/e0#0: stderr: warming up']);
  });
});
