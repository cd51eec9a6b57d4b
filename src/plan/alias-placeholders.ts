/**
 * An alias that names no anchor (`limits: *lim`, the anchor set in another file or misspelt) is an
 * error that hides nothing else: the alias reads as `null` for the rest of the checks, so the file's
 * other mistakes are said in the same run and its `include:`s are read (QA161: it was the only error
 * printed, and an anchor set in an included file was not named, the includes never read). A
 * diagnostic about that `null` itself, said where the alias is, is a cascade and is left out.
 */
import { type Document, isAlias, isPair, isScalar, isSeq, Scalar, visit, YAMLMap } from 'yaml';
import type { Diagnostic } from './diagnostic.js';

const UNRESOLVED = /^the alias \*\S+ names no anchor/;

/** Whether `d` is the error of an alias with no anchor (yaml-file.ts). */
export function isUnresolvedAlias(d: Diagnostic): boolean {
  return d.code === 'EVALC_YAML_ALIAS' && UNRESOLVED.test(d.message);
}

/**
 * Replaces every alias that names no anchor with a `null` at the alias's place; under a `<<` merge
 * key with an empty mapping, which merges nothing (QA166: a `null` there made the key a field named
 * `<<`, said 'unknown key `<<`' beside the alias's error).
 */
export function nullUnresolvedAliases(doc: Document.Parsed): void {
  visit(doc, {
    Alias(_key, node, path) {
      if (!isAlias(node) || node.resolve(doc) !== undefined) return undefined;
      const parent = path.at(-1);
      const pair = isSeq(parent) ? path.at(-2) : parent;
      const merged = isPair(pair) && isScalar(pair.key) && typeof pair.key.value === 'symbol';
      const placeholder = merged ? new YAMLMap() : new Scalar(null);
      if (node.range) placeholder.range = node.range;
      return placeholder;
    },
  });
}

/** Leaves out what other checks said of an unresolved alias's `null`, at the alias's own place. */
export function withoutAliasCascades(diagnostics: Diagnostic[]): Diagnostic[] {
  const places = new Set(
    diagnostics.filter(isUnresolvedAlias).map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col}`),
  );
  if (places.size === 0) return diagnostics;
  return diagnostics.filter(
    (d) =>
      d.code.startsWith('EVALC_YAML_') || !places.has(`${d.source?.file}:${d.source?.line}:${d.source?.col}`),
  );
}
