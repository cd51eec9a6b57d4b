/**
 * QA273: `evalc diff`'s "What changed" printed a dataset's sha256 change whole (64 hex digits, twice)
 * where the plan's, the settings' and the schema digests (13f88707) read 12 digits and `…`; a dataset
 * added or removed printed its 64 digits too. Text, Markdown and HTML shorten them; JSON's old/new keep them whole.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnCli } from '../cli/run-cli.js';
import { tempWorkspace } from '../e2e/apply-harness.js';

const LOCKS = path.join(import.meta.dirname, '../fixtures/locks');
const OLD = '1f0d84361b8e2636f10dd215286a429fb1e1f6d5c58e234100c85c49e68a1b44';
const NEW = '9c2e7a4b1d3f5e6a8c0b2d4f6a8e0c1b3d5f7a9e2c4b6d8f0a1c3e5b7d9f2a4c';
const ws = tempWorkspace('qa273-diff-dataset-digest');
afterAll(() => ws.cleanup());

function locks(edit: (text: string) => string): { base: string; now: string } {
  const base = path.join(ws.dir, 'base.lock');
  const now = path.join(ws.dir, 'new.lock');
  writeFileSync(base, readFileSync(path.join(LOCKS, 'single-dataset-base.lock'), 'utf8'));
  const newText = readFileSync(path.join(LOCKS, 'single-dataset-new.lock'), 'utf8');
  expect(newText).toContain(OLD);
  writeFileSync(now, edit(newText));
  return { base, now };
}

it('a dataset sha256 change reads <12 digits>… → …; JSON keeps both whole', () => {
  const { base, now } = locks((text) => text.replace(OLD, NEW));
  const line = 't/d: sha256 changed 1f0d84361b8e… → 9c2e7a4b1d3f…';

  const text = spawnCli(['diff', base, now], { cwd: ws.dir });
  expect(text.stdout).toContain(`! ${line}\n`);
  const md = spawnCli(['diff', base, now, '--format', 'md'], { cwd: ws.dir });
  expect(md.stdout).toContain(`- ${line}\n`);
  const html = spawnCli(['report', '--from', now, '--baseline', base, '--format', 'html'], { cwd: ws.dir });
  expect(html.stdout).toContain(`${line}</li>`);
  // report.html's pinned Datasets table keeps the lock's whole sha256: the change line does not.
  for (const out of [text.stdout, md.stdout, html.stdout]) expect(out).not.toContain(`changed ${OLD}`);
  for (const out of [text.stdout, md.stdout]) expect(out).not.toContain(NEW);

  const json = JSON.parse(spawnCli(['diff', base, now, '--format', 'json'], { cwd: ws.dir }).stdout);
  expect(json.comparability.find((c: { kind: string }) => c.kind === 'dataset_sha256')).toMatchObject({
    old: OLD,
    new: NEW,
  });
});

it('a dataset removed and one added name their sha256 in 12 digits, and still as a likely rename', () => {
  const { base, now } = locks((text) =>
    text.replace('"t/d": {\n      "examples"', '"t/e": {\n      "examples"'),
  );
  const text = spawnCli(['diff', base, now], { cwd: ws.dir }).stdout;
  expect(text).toContain('t/d: dataset removed (was 1f0d84361b8e…); t/e has the same sha256: renamed?');
  expect(text).toContain('t/e: dataset added (1f0d84361b8e…); t/d has the same sha256: renamed?');
  expect(text).not.toContain(OLD);
  const json = JSON.parse(spawnCli(['diff', base, now, '--format', 'json'], { cwd: ws.dir }).stdout);
  expect(json.comparability.find((c: { kind: string }) => c.kind === 'dataset_added')).toMatchObject({
    new: OLD,
  });
});
