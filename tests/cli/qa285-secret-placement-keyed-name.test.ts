/**
 * QA285: a key pasted as the name of a `${env.…}` outside headers and serve.env (a url, a model, a
 * binding's input) is refused EVALC_SECRET_PLACEMENT; the message quoted the reference whole and the
 * excerpt printed it (e1cc0d39 and e1bd9063 said and starred it in a header only); so did one left
 * open there (`${env.ghp_…`, said `${env…` already) and one without `env.` (`${ghp_…}`, quoted whole). They
 * are said `${env…}` / `${…}` and starred in the excerpt; a name is said as before.
 */
import { expect, it } from 'vitest';
import { secretPlacementText } from './secret-placement-excerpt.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

const said = (agent: string) => secretPlacementText(`    protocol: openai\n${agent}`);

it.each([
  ['a url', `    url: http://127.0.0.1:9/v1/\${env.${KEY}}`],
  ['a model', `    url: http://127.0.0.1:9/v1\n    model: "\${env.${KEY}}"`],
])('says and stars a key pasted as the name of a reference in %s', (_, agent) => {
  const text = said(agent);
  expect(text).toContain('EVALC_SECRET_PLACEMENT: ${env…} is only allowed in headers and serve.env');
  expect(text).toContain('*'.repeat(KEY.length + 7));
  expect(text).not.toContain('MnOpQr');
});

it.each([
  [
    'left open in a url',
    `    url: http://127.0.0.1:9/v1/\${env.${KEY}`,
    'unterminated reference ${env… (no closing `}`)',
    37,
  ],
  [
    'without env. in a system prompt',
    `    url: http://127.0.0.1:9/v1\n    system: "\${${KEY}}"`,
    'malformed reference ${…}',
    43,
  ],
])('says and stars a key in a reference %s', (_, agent, message, stars) => {
  const text = said(agent);
  expect(text).toContain(message);
  expect(text).toContain('*'.repeat(stars));
  expect(text).not.toContain('MnOpQr');
});

it('says a name as written', () => {
  const text = said('    url: http://127.0.0.1:9/v1\n    model: "${env.MODEL_NAME}"');
  expect(text).toContain('${env.MODEL_NAME} is only allowed in headers and serve.env');
  expect(text).toContain('    model: "${env.MODEL_NAME}"');
});
