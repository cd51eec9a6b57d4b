/**
 * QA51: `cache stats` gave the step log's bytes only; the log's checksums (`steps.crc`, ~24 bytes
 * per entry) were in no figure, so its output and `du` of the folder disagreed with nothing to
 * explain it. stats now lists steps.crc's bytes (`checksumBytes` in --json).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';

const ws = tempWorkspace('qa51-cache-crc');
afterAll(() => ws.cleanup());

describe('cache stats and steps.crc (QA51)', () => {
  it("says the checksum file's size, in text and in --json", async () => {
    assertBuilt();
    const dir = path.join(ws.dir, 'cache');
    const store = new LogStore(dir);
    for (let i = 0; i < 20; i++) store.put(`k1:${String(i).padStart(64, '0')}`, 'score', { score: i / 20 });
    store.close();
    const crc = statSync(path.join(dir, 'steps.crc')).size;
    expect(crc).toBeGreaterThan(0);

    const json = await runCli(['cache', 'stats', '--json', '--cache-dir', 'cache'], { cwd: ws.dir });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ entries: 20, checksumBytes: crc });

    const text = await runCli(['cache', 'stats', '--cache-dir', 'cache'], { cwd: ws.dir });
    expect(text.stdout).toMatch(new RegExp(`\\n {2}steps\\.crc +${crc} bytes\\n`));
  });
});
