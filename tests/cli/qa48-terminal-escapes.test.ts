/**
 * QA48: what the CLI prints to the terminal shows control characters as `\u001b`, so a value the
 * user, a file or an agent supplied cannot recolour, clear or retitle the terminal.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createProgress } from '../../src/executor/progress.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import { spawnCli } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7999 }
tasks:
  t:
    bindings:
      default: { input: { q: x }, output: { a: output.a } }
    datasets:
      d: { examples: [ { id: e1 } ] }
    metrics: [ { type: pass_rate } ]
`;

const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('terminal escapes in echoed text (QA48)', () => {
  it('shows an --only value’s escape sequences as text', () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN });
    dirs.push(dir);
    const result = spawnCli(['plan', '--only', 'x\u001b]0;owned\u0007\u001b[2J\r'], { cwd: dir });
    expect(result.code).toBe(65);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stderr).toContain('unknown task `x\\u001b]0;owned\\u0007\\u001b[2J\\u000d`');
  });

  it('shows a plan file name’s escapes as text', () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN });
    dirs.push(dir);
    const result = spawnCli(['validate', 'p\u001b[31m.yaml'], { cwd: dir });
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stderr).toContain('p\\u001b[31m.yaml');
  });

  it('keeps the caret under its column when the excerpt holds a control character', () => {
    const dir = writeFiles({
      'evalc.yaml': PLAN.replace('a1: { protocol: raip,', 'a1: { "k\u001b": 1, protocol: raip, bogus: 2,'),
    });
    dirs.push(dir);
    const result = spawnCli(['validate'], { cwd: dir });
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    const lines = result.stderr.split('\n');
    const at = lines.findIndex((l) => l.includes('unknown key `bogus`'));
    expect(lines[at + 1]).toContain('"k\\u001b": 1');
    const caret = lines[at + 2]!.indexOf('^');
    expect(lines[at + 1]!.slice(caret, caret + 5)).toBe('bogus');
  });

  it('shows a progress message’s control characters as text, the display’s own cursor moves kept', () => {
    let out = '';
    const progress = createProgress('tty', (t) => {
      out += t;
    });
    progress.start({ a1: 1 });
    progress.message('agent said \u001b]0;owned\u0007');
    progress.finish();
    expect(out).toContain('agent said \\u001b]0;owned\\u0007\n');
    expect(out).toContain('\u001b[2K');
  });
});
