/**
 * YAML anchors stay in their file: `*bind` in one included file cannot name `&bind` set in another
 * (QA72). The reader's hint, "set the anchor on a value above this line", misled a user who had set
 * it, in the other file: the hint now says so and names where that anchor is.
 */
import { visit } from 'yaml';
import type { Diagnostic } from './diagnostic.js';
import { positionOf, type YamlFile } from './yaml-file.js';

const UNRESOLVED = /^the alias \*(\S+) names no anchor/;

export function hintAnchorsInOtherFiles(diagnostics: Diagnostic[], files: readonly YamlFile[]): void {
  for (const d of diagnostics) {
    const name = d.code === 'EVALC_YAML_ALIAS' ? UNRESOLVED.exec(d.message)?.[1] : undefined;
    if (name === undefined) continue;
    for (const file of files) {
      if (file.display === d.source?.file) continue;
      const offset = anchorOffset(file, name);
      if (offset === undefined) continue;
      const at = positionOf(file, offset);
      d.hint = `YAML anchors do not cross files: &${name} is set in ${at.file}:${at.line}:${at.col}; write the value here (or keep both in one file)`;
      break;
    }
  }
}

function anchorOffset(file: YamlFile, name: string): number | undefined {
  let offset: number | undefined;
  visit(file.doc, (_key, node) => {
    const anchored = node as { anchor?: unknown; range?: [number, number, number] };
    if (anchored.anchor !== name) return undefined;
    // The node's range starts at its value: point at the `&name` written before it.
    const start = anchored.range?.[0] ?? 0;
    const mark = file.text.lastIndexOf(`&${name}`, start);
    offset = mark >= 0 ? mark : start;
    return visit.BREAK;
  });
  return offset;
}
