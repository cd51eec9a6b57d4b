/**
 * A header line written at the column of its agent's (or judge's) own keys, under a `headers:` left
 * empty (the indent forgotten) or after its last line, is read by YAML as a key of the agent,
 * refused 'unknown key `authorization` in agents.a1': its excerpt printed the token as written
 * (QA211: 45b6f44/beece19 covered the columns 0-3 and 5, not the agent's own, 4). The agent's own
 * keys after it are shown as written.
 */
import { expect, it } from 'vitest';
import { headerValueSpans, maskSpans } from '../../src/cli/header-value-mask.js';

const shown = (text: string) => {
  const spans = headerValueSpans(text);
  return text.split('\n').map((line, i) => maskSpans(line, spans.get(i)));
};

it.each([
  ['agents', 'raip'],
  ['judges', 'openai'],
])('masks header lines written at the column of a %s entry under an empty headers:', (section, protocol) => {
  const text = `evalc: 1\n${section}:\n  e1:\n    protocol: ${protocol}\n    headers:\n    authorization: "Bearer sk-Abc123456789"\n    x-key: AbcdSecret99\n    url: http://h\ntasks: {}\n`;
  expect(shown(text).slice(4, 8)).toEqual([
    '    headers:',
    '    authorization: "****** ***************"',
    '    x-key: ************',
    '    url: http://h',
  ]);
});

it('masks a header line at the agent column after the headers mapping, and keeps the agent keys after it', () => {
  const text =
    'evalc: 1\nagents:\n  a1:\n    protocol: raip\n    headers:\n      authorization: "Bearer x"\n    x-key: "AbcdSecret99"\n    limits: { retries: 0 }\n    timeout: 30s\n';
  expect(shown(text).slice(6)).toEqual([
    '    x-key: "************"',
    '    limits: { retries: 0 }',
    '    timeout: 30s',
    '',
  ]);
});

it('keeps an agent written without headers as written', () => {
  const text = 'evalc: 1\nagents:\n  a1:\n    protocol: raip\n    x-key: "AbcdSecret99"\n    url: http://h\n';
  expect(headerValueSpans(text).size).toBe(0);
});
