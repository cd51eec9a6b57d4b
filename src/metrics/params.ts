/** Parameter schemas several metric families share, so the plan's JSON Schema says them once. */
import { z } from 'zod';

/** `candidate:` — which extracted output a metric reads. */
export const candidateParam = z
  .string()
  .optional()
  .describe('Candidate name from the binding output (default: "answer", or the only candidate)');
