/**
 * Benchmark integrity (Meta-metrics): ground_truth_protection. The example keeps only
 * `expected_sha256` (the answer stays out of the repository); the candidate is normalised and
 * hashed with `hashExpected` (hash-expected.ts) and compared with the stored hash. Details never
 * contain the expected value or the candidate. When the example has a plain `expected` instead,
 * it is hashed the same way (details.protected = false) so the metric still scores.
 */
import { z } from 'zod';
import { hashExpected, matchesExpectedHash } from '../hash-expected.js';
import { normalizeParams } from '../normalize-value.js';
import { candidateParam } from '../params.js';
import {
  expectedPathFor,
  missingHashReason,
  resolveCandidate,
  resolveExpected,
  resolveExpectedHash,
} from '../resolve-fields.js';
import { binaryResult, metricError } from '../score-result.js';
import type { ExampleStageDefinition } from '../types.js';

const params = z
  .object({
    candidate: candidateParam,
    expected: z
      .string()
      .optional()
      .describe('Key into expected_sha256 when it is an object of hashes (and into expected as a fallback)'),
    mode: z
      .enum(['scalar', 'set', 'list'])
      .default('scalar')
      .describe('Normalisation mode used when hashing'),
    ...normalizeParams,
  })
  .strict();

export const groundTruthProtection: ExampleStageDefinition<z.output<typeof params>> = {
  type: 'ground_truth_protection',
  family: 'benchmark_integrity',
  category: 'meta',
  // 2: a list of hashes, one per acceptable answer, passes on one the candidate matches (QA158)
  // 3: no candidate scores 0: it matched a hash of null (QA249)
  // 4: an empty list of hashes is said so, not 'neither expected_sha256 nor expected' (QA253)
  version: '4',
  higherIsBetter: true,
  stage: 'example',
  description:
    'Candidate matches the hashed ground truth: sha256 hex of RFC 8785 JSON of the normalised value equals expected_sha256',
  params,
  score(input, p) {
    const candidate = resolveCandidate(input.candidates, p.candidate);
    // No candidate scores 0, as README says a missing candidate does: it hashed as null and matched
    // a hash of null, or an expected null (QA249).
    if (candidate === undefined)
      return binaryResult(false, { reason: 'no candidate: the binding has no answer output' });
    const path = expectedPathFor(input, p.expected, p.candidate);
    // One hash, or one per acceptable answer (QA158): the candidate matches one of them.
    const hashes = resolveExpectedHash(input.expectedSha256, path);
    if (hashes !== undefined && hashes.length > 0)
      return binaryResult(
        hashes.some((h) => matchesExpectedHash(candidate, h, p)),
        { protected: true },
      );
    const expected = resolveExpected(input, path);
    // An empty list of hashes is no answer: it read 'the example has neither expected_sha256 nor
    // expected' of an example that has expected_sha256 (QA253).
    if (expected === undefined)
      return metricError(
        hashes === undefined
          ? (missingHashReason(input, path, p.candidate) ??
              'the example has neither expected_sha256 nor expected')
          : 'expected_sha256 is an empty list: no answer to compare with',
      );
    return binaryResult(hashExpected(candidate, p) === hashExpected(expected, p), { protected: false });
  },
};
