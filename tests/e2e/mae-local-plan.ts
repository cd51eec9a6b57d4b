/**
 * The plan of the tests of a local (stdio) mae agent (QA98, QA106): agent `m` runs a command, its
 * task text is each example's `task` (dataset d.jsonl), the answer is `final_answer`, and
 * `invalid_action_rate` scores it.
 */
import path from 'node:path';
import { REPO_ROOT } from './apply-harness.js';

/** `node <the stdio fixture agent>` (tests/fixtures/mae-stdio-agent.mjs). */
export const MAE_STDIO_AGENT = `node ${path.join(REPO_ROOT, 'tests/fixtures/mae-stdio-agent.mjs')}`;

/**
 * The plan's YAML; `settings` (`maxTurns: 3,`) go on agent m before its `limits: { retries: 0 }`,
 * `limits` (`maxResponseBytes: 1024`) in those limits after `retries: 0`.
 */
export function maeLocalPlanYaml(benchmark: string, command: string, settings = '', limits = ''): string {
  return `evalc: 1
benchmark: { id: ${benchmark} }
agents:
  m: { protocol: mae, transport: local, command: ${JSON.stringify(command)}, ${settings ? `${settings} ` : ''}limits: { retries: 0${limits ? `, ${limits}` : ''} } }
tasks:
  t:
    bindings:
      default:
        input: { task_description: "{{task}}" }
        output: { answer: "final_answer" }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: invalid_action_rate }
`;
}
