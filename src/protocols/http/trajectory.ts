/** Building blocks of trajectories and failed outcomes shared by the HTTP adapters. */
import type { InvokeOutcome, StepError, Trajectory } from '../types.js';

/** A trajectory with every collection empty; adapters fill in what their protocol reports. */
export function newTrajectory(response: unknown): Trajectory {
  return {
    response,
    messages: [],
    toolCalls: [],
    events: [],
    violations: [],
    invalidActions: 0,
    turns: 0,
    usage: {},
  };
}

/** A failed outcome, optionally with the partial trajectory gathered so far. */
export function failed(error: StepError, trajectory?: Trajectory): InvokeOutcome {
  return trajectory === undefined ? { ok: false, error } : { ok: false, error, trajectory };
}

/** Whether a value is a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
