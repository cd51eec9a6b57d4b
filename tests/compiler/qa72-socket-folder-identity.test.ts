/**
 * QA72: a `mae` socket agent's relative unix `address:` (`unix:bot.sock`) is resolved from the folder
 * of the file that declares it, like a `command:`: in `agents/v1/` and `agents/v2/` it names two
 * sockets, two agents. Like a command's folder, that folder is part of the agent's identity; a TCP
 * or absolute address names the same endpoint from every folder and keeps its digest.
 */
import { describe, expect, it } from 'vitest';
import { compileDir, writeFiles } from './plan-helpers.js';

const PLAN = (include: string) => `evalc: 1
benchmark: { id: b }
include: [${include}]
tasks:
  t:
    bindings: { default: { input: { task_description: "{{q}}" }, output: { answer: final_answer } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`;

async function digests(address: string): Promise<string[]> {
  const agent = `agents:\n  s: { protocol: mae, transport: socket, address: "${address}" }\n`;
  const out: string[] = [];
  for (const include of ['agents/v1/agent.yaml', 'agents/v2/agent.yaml', 'agent.yaml']) {
    const dir = writeFiles({ 'evalc.yaml': PLAN(include), [include]: agent }, 'evalc-qa72-socket-');
    const compiled = await compileDir(dir);
    out.push(compiled.agentDigests.s!, compiled.resolved.planDigest);
  }
  return out;
}

describe("a relative unix socket address's folder", () => {
  it('is part of the identity; a tcp or absolute address is not', async () => {
    const [v1, p1, v2, p2] = await digests('unix:bot.sock');
    expect(v1).not.toBe(v2);
    expect(p1).not.toBe(p2);
    for (const address of ['127.0.0.1:7301', 'unix:/tmp/bot.sock']) {
      const all = await digests(address);
      expect(new Set(all.filter((_, i) => i % 2 === 0)).size).toBe(1);
      expect(new Set(all.filter((_, i) => i % 2 === 1)).size).toBe(1);
    }
  });

  it("at the plan's own folder, the digest is as before (no folder in it)", async () => {
    const [, , , , atRoot] = await digests('unix:bot.sock');
    const tcp = await digests('127.0.0.1:7301');
    expect(atRoot).not.toBe(tcp[4]);
    // The root-level agent's identity holds no commandDir: the same as a one-file plan's.
    const dir = writeFiles(
      {
        'evalc.yaml': `${PLAN('x.yaml').replace('include: [x.yaml]\n', '')}agents:\n  s: { protocol: mae, transport: socket, address: "unix:bot.sock" }\n`,
      },
      'evalc-qa72-socket-',
    );
    expect((await compileDir(dir)).agentDigests.s).toBe(atRoot);
  });
});
