/**
 * A chat agent's `profile` that contradicts its `replayTools` is refused at validate; the message
 * names the profile as the plan wrote it. With the alias `current` it said `profile: platform`,
 * a word the plan does not hold (QA101).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa101-alias-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function validate(profile: string, replayTools: boolean): { code: number; message: string } {
  const file = path.join(work, `${profile}.yaml`);
  writeFileSync(
    file,
    [
      'evalc: 1',
      'benchmark: { id: b }',
      'agents:',
      `  c: { protocol: chat, url: "http://127.0.0.1:9/agent/respond", profile: ${profile}, replayTools: ${replayTools} }`,
      'tasks: {}',
      '',
    ].join('\n'),
  );
  const result = spawnCli(['validate', '--json', file], { cwd: work });
  const json = JSON.parse(result.stdout) as { diagnostics: { code: string; message: string }[] };
  const found = json.diagnostics.find((d) => d.code === 'EVALC_AGENT_CONFIG');
  return { code: result.code, message: found?.message ?? '' };
}

describe('chat profile that contradicts replayTools', () => {
  it('names an alias as written', () => {
    const current = validate('current', false);
    expect(current.code).toBe(65);
    expect(current.message).toContain('profile: current (alias of platform) and replayTools: false disagree');
    const legacy = validate('legacy', true);
    expect(legacy.code).toBe(65);
    expect(legacy.message).toContain('profile: legacy (alias of seed) and replayTools: true disagree');
  });

  it('names a canonical profile as it is', () => {
    expect(validate('platform', false).message).toContain(
      'profile: platform and replayTools: false disagree',
    );
  });
});
