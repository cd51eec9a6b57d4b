/**
 * QA227: report.json's `comparability[].kind` is an enum in schemas/report.schema.json, written by
 * hand beside the `ComparabilityKind` union (5ef756a added `dataset_source` to both). A kind added
 * to the union alone would make every report.json that carries it invalid against the schema users
 * validate with, silently: this keeps the two lists equal.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('report.schema.json comparability kinds', () => {
  it('are exactly the ComparabilityKind union of comparability-issue.ts', () => {
    const source = readFileSync(path.join(root, 'src/lockfile/comparability-issue.ts'), 'utf8');
    const union = /export type ComparabilityKind =([^;]*);/.exec(source)?.[1] ?? '';
    const kinds = [...union.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]).sort();
    expect(kinds.length).toBeGreaterThan(20);
    const schema = JSON.parse(readFileSync(path.join(root, 'schemas/report.schema.json'), 'utf8'));
    const listed = [...(schema.$defs.comparability.properties.kind.enum as string[])].sort();
    expect(listed).toEqual(kinds);
  });
});
