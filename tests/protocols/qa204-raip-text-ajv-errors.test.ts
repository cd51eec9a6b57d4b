/**
 * QA204: a RAIP agent's 400 whose `ajvErrors` are not Ajv's objects still says what they are:
 * one error sent bare (`"ajvErrors": "query too short"`) read `agent rejected the input (400, 0
 * ajv error(s))`, and a list of strings `(400, 2 ajv error(s))` naming none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from '../fixtures/loopback.js';
import { startTextAjvErrorsAgent } from '../fixtures/qa204-raip-text-ajv-errors.js';
import { raipRefusal } from './raip-refusal.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startTextAjvErrorsAgent();
});
afterAll(async () => {
  await agent.close();
});

function refusal(base: string) {
  return raipRefusal(`${agent.url}/${base}`);
}

describe('RAIP 400 with ajvErrors as text (QA204)', () => {
  it('names one error sent bare as a string', async () => {
    expect(await refusal('bare')).toMatchObject({
      kind: 'contract_error',
      message: 'agent rejected the input (400, 1 ajv error(s): query too short)',
      details: { source: 'agent', ajvErrors: ['query too short'] },
    });
  });

  it('names the errors of a list of strings', async () => {
    expect(await refusal('texts')).toMatchObject({
      kind: 'contract_error',
      message:
        "agent rejected the input (400, 2 ajv error(s): query too short; must have required property 'level')",
    });
  });
});
