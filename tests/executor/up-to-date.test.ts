import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compilePlan } from '../../src/compiler/compile.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { exampleDigestLine, GroupDigestFeed, stepsDigest } from '../../src/executor/steps-digest.js';
import { reportsAreCurrent, stepsSection, writeReportStamp } from '../../src/executor/up-to-date.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function workspace(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-up-to-date-'));
  dirs.push(dir);
  return dir;
}

async function digestOf(metricMode: string, query = '{{q}}'): Promise<string> {
  const dir = workspace();
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents: { a: { protocol: raip, url: "http://127.0.0.1:9" } }
tasks:
  t:
    bindings: { default: { input: { query: "${query}" }, output: { codes: output.codes } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { codes: [A] } }, { id: e2, vars: { q: y }, expected: { codes: [B] } } ] } }
    metrics: [ { type: exact_match, candidate: codes, expected: codes, mode: ${metricMode} } ]
`,
  );
  const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  if (!loaded.resolved) throw new Error(loaded.diagnostics.map((d) => d.message).join('\n'));
  return stepsDigest(compilePlan(loaded.resolved, {}));
}

describe('up-to-date lockfiles', () => {
  it('digests every step key: the same plan gives the same digest, any key change a new one', async () => {
    const base = await digestOf('set');
    expect(await digestOf('set')).toBe(base);
    expect(await digestOf('list')).not.toBe(base);
    expect(await digestOf('set', '{{q}}!')).not.toBe(base);
  });

  it('a digest fed in any example order equals the one computed in order', () => {
    const metrics = [{ id: 'm1' }, { id: 'm2' }];
    const lines = Array.from({ length: 50 }, (_, i) =>
      exampleDigestLine(metrics, [
        { invokeKey: `k${i}`, scoreKeys: { m2: `b${i}`, m1: `a${i}` } },
        { scoreKeys: {} },
      ] as never),
    );
    expect(lines[3]).toBe('k3a3b3\n-\n');
    const inOrder = new GroupDigestFeed(50);
    lines.forEach((line, i) => {
      inOrder.add(i, line);
    });
    const shuffled = new GroupDigestFeed(50);
    const order = lines.map((_, i) => i).sort((a, b) => ((a * 37) % 50) - ((b * 37) % 50));
    expect(order[0]).toBe(0);
    expect(order[1]).not.toBe(1);
    for (const i of order.slice(0, 49)) shuffled.add(i, lines[i]!);
    expect(shuffled.digest()).toBeUndefined();
    shuffled.add(order[49]!, lines[order[49]!]!);
    expect(shuffled.digest()).toBe(inOrder.digest());
    expect(inOrder.digest()).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is complete only when nothing would be retried: no transient invoke failure, no judge-backed metric error', () => {
    const section = (kinds: Record<string, number>, metricErrors = 0) =>
      stepsSection('d', kinds, { invokeKinds: Object.keys(kinds), metricErrors });
    expect(section({}).complete).toBe(true);
    expect(section({ semantic_mismatch: 1, http_404: 2 }).complete).toBe(true);
    expect(section({ semantic_mismatch: 1, timeout: 1 }).complete).toBe(false);
    expect(section({ http_503: 1 }).complete).toBe(false);
    expect(section({ http_429: 1 }).complete).toBe(false);
    expect(section({ preflight_failed: 3 }).complete).toBe(false);
    // A judge-backed metric's failure is never cached, even of a definitive kind (a judge's 400).
    expect(section({ contract_error: 1 }, 1).complete).toBe(false);
    // A metric evalc computes itself failed for good (cached): recorded, nothing to retry.
    expect(stepsSection('d', { metric_error: 2 }, { invokeKinds: [], metricErrors: 0 }).complete).toBe(true);
    expect(section({ timeout: 1, contract_error: 2 }).errors).toEqual({ contract_error: 2, timeout: 1 });
  });

  it('takes reports as current only with the same stamp and every file present', () => {
    const dir = workspace();
    writeReportStamp(dir, 'abc');
    writeFileSync(path.join(dir, 'report.md'), '# r\n');
    expect(reportsAreCurrent(dir, 'abc', ['report.md'])).toBe(true);
    expect(reportsAreCurrent(dir, 'abd', ['report.md'])).toBe(false);
    expect(reportsAreCurrent(dir, 'abc', ['report.md', 'junit.xml'])).toBe(false);
  });
});
