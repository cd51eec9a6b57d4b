/**
 * QA160: a secret of several lines (a PEM key given to a served agent through `serve.env`) is
 * masked in the agent's log, which is masked line by line: before, no line held the whole value,
 * so a served agent printing its key left every line of it in `.evalc/logs/<agent>.log`. Each of
 * its lines with a letter or digit is masked on its own, in replies too. Real subprocess.
 */
import { describe, expect, it } from 'vitest';
import { referencedSecrets, scrubSecrets } from '../../src/plan/secrets.js';
import { runThroughOutputTail } from '../fixtures/output-tail-run.js';

const PEM = [
  '-----BEGIN PRIVATE KEY-----',
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCqa160',
  '  BKcwggSjAgEAAoIBAQC7qa160xyz  ',
  '----',
  '-----END PRIVATE KEY-----',
].join('\n');

describe('a secret of several lines', () => {
  it('is masked line by line in a served agent log, CRLF too', async () => {
    const secrets = referencedSecrets({ KEY: '${env.QA160_PEM}', PORT: '7101' }, { QA160_PEM: PEM });
    const { written } = await runThroughOutputTail(
      'console.log("key:\\n" + process.env.K); process.stderr.write(process.env.K.replace(/\\n/g, "\\r\\n") + "\\n")',
      PEM,
      secrets,
    );
    expect(written).toContain('key:');
    expect(written).not.toContain('qa160');
    expect(written).not.toContain('BKcwggSj');
    // QA165: a PEM armor line is public (the same in every key): a reply quoting it is not masked.
    expect(written).toContain('-----BEGIN PRIVATE KEY-----');
    expect(scrubSecrets('starts with -----BEGIN PRIVATE KEY----- then', secrets)).toBe(
      'starts with -----BEGIN PRIVATE KEY----- then',
    );
    // The whole value is still masked where it appears whole.
    expect(scrubSecrets(`k=${PEM}.`, secrets)).toBe('k=***.');
    // A line with no letter or digit is not a secret: '----' in an answer stays.
    expect(scrubSecrets('a | ---- | table', secrets)).toBe('a | ---- | table');
    expect(scrubSecrets('the key MIIEvQIBADANBgkqhkiG9w0BAQEFAASCqa160 leaked', secrets)).toBe(
      'the key *** leaked',
    );
  });

  it('is masked line by line when given on one line with \\n written out, as a .env file keeps it (QA168)', async () => {
    // The agent expands the `\n`s (a service account's private_key) and prints the key: its lines
    // stayed in the agent's log and in a reply quoting the key.
    const oneLine = PEM.replace(/\n/g, '\\n');
    const secrets = referencedSecrets({ KEY: '${env.QA168_PEM}' }, { QA168_PEM: oneLine });
    const { written } = await runThroughOutputTail(
      'console.log("key:\\n" + process.env.K.replace(/\\\\n/g, "\\n"))',
      oneLine,
      secrets,
      ['stdout'],
    );
    expect(written).toContain('key:\n-----BEGIN PRIVATE KEY-----\n');
    expect(written).not.toContain('qa160');
    expect(scrubSecrets(`the key is ${PEM} ok`, secrets)).toBe('the key is *** ok');
    expect(scrubSecrets('line BKcwggSjAgEAAoIBAQC7qa160xyz', secrets)).toBe('line ***');
    expect(scrubSecrets(`as given: ${oneLine}`, secrets)).toBe('as given: ***');
  });
});
