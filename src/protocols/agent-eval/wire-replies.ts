/**
 * Shapes of agent-eval's successful replies (HEAD `WIRE_VERSION` 1.1.0). Parsed leniently:
 * unknown fields are ignored, so additive wire changes do not break evalc.
 */
import { z } from 'zod';

export const AGENT_EVAL_PACKAGE = '@tangle-network/agent-eval';

export const versionReplySchema = z.object({
  package: z.string(),
  version: z.string(),
  wireVersion: z.string(),
  apiSurface: z.array(z.string()).optional(),
});
export type VersionReply = z.output<typeof versionReplySchema>;

export const rubricInfoSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  dimensions: z.array(z.object({ id: z.string(), description: z.string().optional(), weight: z.number() })),
  failureModes: z.array(z.string()).default([]),
  rubricVersion: z.string(),
});
export type RubricInfo = z.output<typeof rubricInfoSchema>;

export const listRubricsReplySchema = z.object({ rubrics: z.array(rubricInfoSchema) });

export const judgeResultSchema = z.object({
  composite: z.number(),
  dimensions: z.record(z.string(), z.number()),
  failureModes: z.array(z.string()).default([]),
  wins: z.array(z.string()).default([]),
  rationale: z.string(),
  rubricVersion: z.string(),
  model: z.string().optional(),
  durationMs: z.number().optional(),
});
export type JudgeResult = z.output<typeof judgeResultSchema>;

/** "path: message" of the first few zod issues, one line. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
