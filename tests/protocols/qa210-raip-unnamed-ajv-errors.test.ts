/**
 * QA210: a RAIP 400 whose `ajvErrors` name nothing — sent empty (`""`, `{}`, `false`: an agent
 * that always writes the key) or a list whose entries name nothing (`[{}]`) — quotes the agent's
 * own words (`message`, `detail`, `error`) as a 400 without ajvErrors does (QA63): since 8537430
 * made a bare value a list of one, `{"ajvErrors": "", "message": "query too short"}` read
 * `agent rejected the input (400, 1 ajv error(s))`, the reason lost; a bare value that names nothing
 * is no error (`0 ajv error(s)`, details.ajvErrors `[]`), a list's entries are counted as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { raipRefusal } from './raip-refusal.js';

const BODIES: Record<string, unknown> = {
  empty: { ajvErrors: '', message: 'query too short' },
  object: { ajvErrors: {}, detail: 'query too short' },
  false: { ajvErrors: false, message: 'query too short' },
  unnamed: { ajvErrors: [{}], message: 'query too short' },
  named: { ajvErrors: ['level is required'], message: 'query too short' },
};

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((req, res) => sendJson(res, 400, BODIES[req.url?.split('/')[1] ?? '']));
});
afterAll(async () => {
  await agent.close();
});

function refusal(base: string) {
  return raipRefusal(`${agent.url}/${base}`);
}

describe('RAIP 400 whose ajvErrors name nothing (QA210)', () => {
  it.each(['empty', 'object', 'false'])("an empty bare value (%s) quotes the agent's words", async (base) => {
    expect(await refusal(base)).toMatchObject({
      kind: 'contract_error',
      message: 'agent rejected the input (400, 0 ajv error(s)): query too short',
      details: { source: 'agent', ajvErrors: [] },
    });
  });

  it("a list whose entries name nothing quotes the agent's words, counting them", async () => {
    expect(await refusal('unnamed')).toMatchObject({
      message: 'agent rejected the input (400, 1 ajv error(s)): query too short',
      details: { ajvErrors: [{}] },
    });
  });

  it('a list that names its errors is quoted alone, as before', async () => {
    expect((await refusal('named'))?.message).toBe(
      'agent rejected the input (400, 1 ajv error(s): level is required)',
    );
  });
});
