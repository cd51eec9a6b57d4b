/**
 * Runs the tool calls of one `call_tool` / `call_multiple_tools` action, in order: governance
 * first (a breached call is not executed), then the sandbox. Records every call, violation and
 * invalid call on the recorder and returns what the profile relays to the agent.
 */
import type { ToolCallRecord } from '../types.js';
import type { ToolRequest } from './action.js';
import { checkPolicies } from './governance.js';
import type { MaeProfile } from './profiles.js';
import type { ToolOutcome } from './relay-text.js';
import { runSandboxTool, type ToolTable } from './sandbox.js';
import type { TrajectoryRecorder } from './trajectory-recorder.js';

export interface ToolStepContext {
  turn: number;
  table: ToolTable;
  policies: Record<string, Record<string, unknown>> | undefined;
  profile: MaeProfile;
  recorder: TrajectoryRecorder;
}

export function executeToolCalls(calls: ToolRequest[], context: ToolStepContext): ToolOutcome[] {
  const { turn, recorder } = context;
  return calls.map((call, index) => {
    const breach = checkPolicies(context.policies, call.name, call.params);
    if (breach) {
      const message = context.profile.describeBreach(breach);
      const result = { status: 'policy_violation', violation: message };
      recorder.recordViolation({ turn, tool: call.name, policy: breach.policy, message });
      recorder.recordToolResult(
        { turn, name: call.name, arguments: call.params, result, error: `policy_violation: ${message}` },
        index,
      );
      return { name: call.name, result, breach };
    }
    const outcome = runSandboxTool(context.table, call.name, call.params);
    const record: ToolCallRecord = { turn, name: call.name, arguments: call.params, result: outcome.result };
    if (outcome.kind === 'undeclared' && outcome.invalid) {
      record.error = `tool ${call.name} is not declared by the example`;
      recorder.invalidActions += 1;
    } else if (outcome.kind === 'no_match') {
      record.error = `no mock output of ${call.name} matches the parameters`;
      recorder.invalidActions += 1;
    }
    recorder.recordToolResult(record, index);
    return { name: call.name, result: outcome.result };
  });
}
