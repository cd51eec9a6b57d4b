/**
 * Shapes of agent-eval's successful replies (HEAD `WIRE_VERSION` 1.1.0). Parsed leniently:
 * unknown fields are ignored, so additive wire changes do not break evalc.
 *
 * A field evalc can do without (`wins`, `failureModes`, `model`, `durationMs`, `apiSurface`, a
 * rubric's `description`) may also be `null`, read as absent (QA24): a judge written in Python
 * that builds its reply from a dataclass or `model.dict()` sends `None` for what it has not got,
 * and such a reply was refused whole ("wins: expected array, received null") although the same
 * reply without the key was accepted. Scores, `rationale` and `rubricVersion` stay required.
 */
import { z } from 'zod';

/** An optional list: absent or null is empty. */
function listOrNone<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((list) => list ?? []);
}

/** An optional value: null is absent. */
function optionalOrNone<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

export const AGENT_EVAL_PACKAGE = '@tangle-network/agent-eval';

export const versionReplySchema = z.object({
  package: z.string(),
  version: z.string(),
  wireVersion: z.string(),
  apiSurface: optionalOrNone(z.array(z.string())),
});
export type VersionReply = z.output<typeof versionReplySchema>;

export const rubricInfoSchema = z.object({
  name: z.string(),
  description: optionalOrNone(z.string()),
  dimensions: z.array(
    z.object({ id: z.string(), description: optionalOrNone(z.string()), weight: z.number() }),
  ),
  failureModes: listOrNone(z.string()),
  rubricVersion: z.string(),
});
export type RubricInfo = z.output<typeof rubricInfoSchema>;

export const listRubricsReplySchema = z.object({ rubrics: z.array(rubricInfoSchema) });

export const judgeResultSchema = z.object({
  composite: z.number(),
  dimensions: z.record(z.string(), z.number()),
  failureModes: listOrNone(z.string()),
  wins: listOrNone(z.string()),
  rationale: z.string(),
  rubricVersion: z.string(),
  model: optionalOrNone(z.string()),
  durationMs: optionalOrNone(z.number()),
});
export type JudgeResult = z.output<typeof judgeResultSchema>;

/** "path: message" of the first few zod issues, one line. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
