/**
 * `cache prune` keeps the files beside the step log to what the lockfile(s) reach too: a remote
 * dataset that changed upstream leaves its old download in `.evalc/cache/sources/`, and RAIP
 * schemas no lock pins stay in `schemas/` (QA21: stats and prune ignored them, so they piled up).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, countingExamples, runCli, tempWorkspace, writePlan } from '../e2e/apply-harness.js';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { type DatasetServer, startDatasetServer } from '../fixtures/qa21-dataset-server.js';

let agent: CountingAgent;
let server: DatasetServer;
const cleanups: (() => void)[] = [];
const jsonl = (n: number) =>
  `${countingExamples(n)
    .map((e) => JSON.stringify(e))
    .join('\n')}\n`;

beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent();
  server = await startDatasetServer(jsonl(2));
});
afterAll(async () => {
  await agent.close();
  await server.close();
  for (const c of cleanups) c();
});

describe('cache prune and the files beside the log', () => {
  it('removes a dataset download and a schema no lock reaches, keeps the current ones', async () => {
    const { dir, cleanup } = tempWorkspace('prune-side-files');
    cleanups.push(cleanup);
    const planFile = writePlan(dir, { agentUrl: agent.url });
    const remote = `${server.url}/data.jsonl`;
    writeFileSync(planFile, withRemoteDataset(planFile, remote));
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    server.setBody(jsonl(3));
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const cache = path.join(dir, '.evalc', 'cache');
    const copies = () => readdirSync(path.join(cache, 'sources')).filter((n) => /^[0-9a-f]{64}$/.test(n));
    expect(copies()).toHaveLength(2);
    // A schema of an agent version no lock pins any more.
    const stale = path.join(cache, 'schemas', `${'0'.repeat(64)}.json`);
    mkdirSync(path.dirname(stale), { recursive: true });
    writeFileSync(stale, '{}');

    const stats = await runCli(['cache', 'stats', 'evalc.yaml', '--json'], { cwd: dir });
    // Two downloads and the URL's record; the agent's schema and the stale one.
    expect(JSON.parse(stats.stdout).sideFiles).toMatchObject({
      sources: { files: 3 },
      schemas: { files: 2 },
    });

    const dry = await runCli(['cache', 'prune', 'evalc.yaml', '--dry-run'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /; would remove 2 downloaded dataset or schema files no lockfile reaches \(\d+ bytes\)\n$/,
    );
    expect(copies()).toHaveLength(2);

    const pruned = await runCli(['cache', 'prune', 'evalc.yaml'], { cwd: dir });
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(/; removed 2 downloaded dataset or schema files/);
    expect(copies()).toHaveLength(1);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(path.join(cache, 'schemas'))).toHaveLength(1);
    // What is left is what the lock needs: a frozen apply finds everything.
    const frozen = await runCli(['apply', 'evalc.yaml', '--frozen', '--quiet'], { cwd: dir });
    expect(frozen.code, frozen.stderr).toBe(0);
  });
});

/** The plan with its dataset read from `url`. */
function withRemoteDataset(planFile: string, url: string): string {
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as {
    tasks: { t1: { datasets: { d1: { source: string } } } };
  };
  plan.tasks.t1.datasets.d1.source = url;
  return `${JSON.stringify(plan, null, 2)}\n`;
}
