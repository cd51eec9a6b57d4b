/**
 * QA287: a stdio judge command ending in a long comment (a pasted note, up to the 120 KiB a command
 * may have) was quoted whole in 'ends in a comment (`…`)': validate printed 123 KB in one line.
 * The quote is cut to 80 characters with a `…`, as evalc cuts what it quotes elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { judgeCommandDiagnostics } from './judge-command-plan.js';

describe('a stdio judge command ending in a long comment', () => {
  it('quotes the comment cut to 80 characters', async () => {
    const comment = `# ${'note '.repeat(20_000)}`;
    const found = (await judgeCommandDiagnostics(`node judge.mjs ${comment}`)).map((d) => d.message);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`ends in a comment (\`${comment.slice(0, 80)}…\`): evalc appends`);
    expect(found[0]?.length).toBeLessThan(300);
  });
});
