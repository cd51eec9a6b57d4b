/**
 * QA267: `evalc diff`'s "What changed" printed an agent's input-schema digest change in full
 * (`sha256:` + 64 hex digits, twice) where the plan's and the settings' digests read 12 digits and
 * `…`. It is shortened the same way in text, Markdown and HTML; JSON's old/new keep the whole digests.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnCli } from '../cli/run-cli.js';
import { tempWorkspace } from '../e2e/apply-harness.js';

const LOCKS = path.join(import.meta.dirname, '../fixtures/locks');
const OLD = '07d412fae81fa08a4a24986baddd92af40b236fa5f5850dc956946271981ff1f';
const NEW = '5a1e9c0b7d2f4e6a8c1b3d5f7a9e2c4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a5c';
const ws = tempWorkspace('qa267-diff-schema-digest');
afterAll(() => ws.cleanup());

it('an agent schema digest change reads sha256:<12 digits>… → …; JSON keeps both whole', () => {
  const base = path.join(ws.dir, 'base.lock');
  const now = path.join(ws.dir, 'new.lock');
  writeFileSync(base, readFileSync(path.join(LOCKS, 'single-dataset-base.lock'), 'utf8'));
  const newText = readFileSync(path.join(LOCKS, 'single-dataset-new.lock'), 'utf8');
  expect(newText).toContain(OLD);
  writeFileSync(now, newText.replace(OLD, NEW));
  const line = 'a1: schema digest changed sha256:07d412fae81f… → sha256:5a1e9c0b7d2f…';

  const text = spawnCli(['diff', base, now], { cwd: ws.dir });
  expect(text.stdout).toContain(`· ${line}\n`);
  const md = spawnCli(['diff', base, now, '--format', 'md'], { cwd: ws.dir });
  expect(md.stdout).toContain(`- ${line}\n`);
  const html = spawnCli(['report', '--from', now, '--baseline', base, '--format', 'html'], { cwd: ws.dir });
  expect(html.stdout).toContain(`${line}</li>`);
  for (const out of [text.stdout, md.stdout, html.stdout]) expect(out).not.toContain(OLD);

  const json = JSON.parse(spawnCli(['diff', base, now, '--format', 'json'], { cwd: ws.dir }).stdout);
  expect(json.comparability.find((c: { kind: string }) => c.kind === 'agent_schema')).toMatchObject({
    old: `sha256:${OLD}`,
    new: `sha256:${NEW}`,
  });
});
