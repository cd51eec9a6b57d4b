/**
 * Test plumbing for the Course Advisor reference agents: start an HTTP agent on an ephemeral
 * port (it prints `listening <port>`), talk JSON lines to the MultiAgentEval stdio agent, and
 * load the pipeline's datasets.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

export const PIPELINE_DIR = fileURLToPath(new URL('../../pipelines/course-advisor/', import.meta.url));

export interface HttpAgent {
  base: string;
  stop: () => Promise<void>;
}

function stopChild(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Spawn `node <script>` with PORT=0 in the pipeline folder and wait for `listening <port>`. */
export async function startHttpAgent(script: string): Promise<HttpAgent> {
  const child = spawn(process.execPath, [script], { cwd: PIPELINE_DIR, env: { ...process.env, PORT: '0' } });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited early with code ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

export async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A long-lived `node agents/a3-mae.mjs`: one request line in, one action line out. */
export class StdioAgent {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #waiting: ((line: string) => void)[] = [];
  readonly #ready: string[] = [];

  constructor(script: string) {
    this.#child = spawn(process.execPath, [script], { cwd: PIPELINE_DIR });
    createInterface({ input: this.#child.stdout }).on('line', (line) => {
      const next = this.#waiting.shift();
      if (next) next(line);
      else this.#ready.push(line);
    });
    this.#child.stderr.resume();
  }

  send(request: unknown): Promise<Record<string, unknown>> {
    this.#child.stdin.write(`${JSON.stringify(request)}\n`);
    return new Promise((resolve) => {
      const take = (line: string) => resolve(JSON.parse(line) as Record<string, unknown>);
      const ready = this.#ready.shift();
      if (ready !== undefined) take(ready);
      else this.#waiting.push(take);
    });
  }

  stop(): Promise<void> {
    this.#child.stdin.end();
    return stopChild(this.#child);
  }
}

/** AgentV style: write one request (no trailing newline), close stdin, read stdout to EOF. */
export function runOneShot(
  script: string,
  requestText: string,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: PIPELINE_DIR });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.resume();
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout }));
    child.stdin.end(requestText);
  });
}

export interface DatasetExample {
  id: string;
  vars: { user_query: string };
  expected: { codes: string[]; mention: string; tools: string[] };
  turns?: string[];
  tools?: Record<string, { output: unknown }>;
}

function readJsonl(file: string): unknown[] {
  return readFileSync(join(PIPELINE_DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** The three datasets, keyed by the RAIP `mode` A1 uses for them. */
export function loadDatasets(): Record<'search' | 'details' | 'path', DatasetExample[]> {
  const details = parseYaml(readFileSync(join(PIPELINE_DIR, 'datasets/details.yaml'), 'utf8')) as unknown;
  if (!Array.isArray(details)) throw new Error('details.yaml is not a list');
  return {
    search: readJsonl('datasets/search.jsonl') as DatasetExample[],
    details: details as DatasetExample[],
    path: readJsonl('datasets/paths.jsonl') as DatasetExample[],
  };
}
