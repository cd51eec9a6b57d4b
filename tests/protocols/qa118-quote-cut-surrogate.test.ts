/**
 * QA118: a non-JSON reply is quoted cut to 120 characters (`reply is not JSON: "…"`). The cut
 * split a surrogate pair, which JSON.stringify writes as `\ud83d`: no head of the secret matched
 * that, so the start of a secret the cut went through was shown (`ünï-秘密-` of `ünï-秘密-🔑-kéy-99`,
 * in report.json/md/html, junit.xml and the step cache).
 */
import { describe, expect, it } from 'vitest';
import { scrubSecrets, secretForms } from '../../src/plan/secrets.js';
import { parseReplyText } from '../../src/protocols/mae/transport.js';
import { quoteCut } from '../../src/protocols/quote-cut.js';

const secret = 'ünï-秘密-🔑-kéy-99';
const secrets = secretForms(secret);

function quoted(pad: number): string {
  const reply = parseReplyText(`${'p'.repeat(pad)}k=${secret} end`, 'socket agent.sock');
  if (reply.ok) throw new Error('parsed');
  return scrubSecrets(reply.error.message, secrets);
}

describe('a quote cut through a secret (QA118)', () => {
  it('shows no part of the secret, wherever the cut falls', () => {
    for (let pad = 100; pad < 120; pad++) {
      const message = quoted(pad);
      for (const piece of ['ünï-', '秘密', 'kéy', '\\ud83d', '🔑'])
        expect(message, `pad ${pad}`).not.toContain(piece);
    }
  });

  it('never cuts a surrogate pair', () => {
    expect(quoteCut(`${'a'.repeat(119)}🔑b`, 120)).toBe(`${'a'.repeat(119)}…`);
    expect(quoteCut(`${'a'.repeat(118)}🔑b`, 120)).toBe(`${'a'.repeat(118)}🔑…`);
    expect(quoteCut('short', 120)).toBe('short');
  });
});
