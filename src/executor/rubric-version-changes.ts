/**
 * DESIGN §3: the agent-eval client "records rubricVersion and warns when two runs' versions differ".
 * A rubric registered on the judge server whose tag moved since evalc.lock re-scores its judge
 * metrics; apply says so (QA64: only `plan` noted it). Tags per judge id, then rubric name.
 */
export type RubricTags = Record<string, Record<string, string>>;

export function rubricVersionChanges(locked: RubricTags, live: RubricTags): string[] {
  const lines: string[] = [];
  for (const [judge, rubrics] of Object.entries(live)) {
    for (const [name, tag] of Object.entries(rubrics)) {
      const before = locked[judge]?.[name];
      if (before !== undefined && before !== tag)
        lines.push(
          `judge ${judge}: rubric ${name}'s rubricVersion changed since evalc.lock: ${before} → ${tag} (its judge metrics are scored again)`,
        );
    }
  }
  return lines;
}
