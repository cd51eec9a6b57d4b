/**
 * QA157: since 87c1c36 `npm run build` bundles from a staging folder, dist.build-<pid>/, and
 * esbuild named every module of the binary relative to the repo (`__esm({"dist.build-8781/cli/…"`),
 * so each build's dist/evalc.mjs differed from the last by its process id, the same commit never
 * giving the same binary (or tarball). The names are relative to the folder tsc wrote now.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../../dist/evalc.mjs');

describe('the bundled binary names no build folder (QA157)', () => {
  it("holds no dist.build-<pid>/ path of the build's staging folder", () => {
    const text = readFileSync(bin, 'utf8');
    // (not toContain: a failure would print the 2 MB binary)
    expect([...new Set(text.match(/dist\.(?:build|old)-\d+/g))]).toEqual([]);
    expect(text.includes('__esm({"cli/exit-error.js"')).toBe(true);
  });
});
