/**
 * One YAML file parsed with source positions. YAML hazards are refused with diagnostics:
 * duplicate keys, unresolved/custom tags, alias bombs, multi-document streams.
 */
import {
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
  visit,
} from 'yaml';
import { literalMergeKeys, recursiveAliases, unresolvedAliases } from './alias-hazards.js';
import { isUnresolvedAlias, nullUnresolvedAliases } from './alias-placeholders.js';
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from './diagnostic.js';
import { duplicateKeyHint } from './duplicate-key-hint.js';
import { type DroppedPairs, dropLaterDuplicateKeys, duplicateKeyAt, isSameKey } from './duplicate-keys.js';
import { openQuoteBefore } from './open-quote.js';
import { sourceOffsetIn } from './scalar-offset.js';
import { endsFileAt, stoppedAt, unclosedFlow } from './unclosed-flow.js';
import { errorSite, loneCrLineEnds, yamlErrorHint } from './yaml-error-hints.js';

export interface YamlFile {
  /** Path as shown to users (relative to the working directory). */
  display: string;
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
}

const MAX_ALIASES = 100;

/** Said of a second document in a plan file (the dataset reader rewords it for datasets). */
export const ONE_DOCUMENT = 'a plan file holds one YAML document (a `---` line starts another)';

export function parseYamlFile(
  display: string,
  text: string,
): { file: YamlFile; value: unknown; diagnostics: Diagnostic[]; dropped?: DroppedPairs } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter,
    uniqueKeys: isSameKey,
    prettyErrors: false,
    strict: true,
    merge: true,
  });
  const file: YamlFile = { display, text, doc, lineCounter };
  const diagnostics: Diagnostic[] = [];
  const at = (offset: number): SourcePosition => positionOf(file, offset);
  // Said when the file fails to parse, or reads empty: a comment on its first line took the rest.
  const cr = doc.errors.length > 0 || doc.contents === null ? loneCrLineEnds(text) : undefined;
  if (cr !== undefined) {
    const said = diagnostic('EVALC_YAML_SYNTAX', cr.message, [], { source: at(cr.offset), hint: cr.hint });
    return { file, value: undefined, diagnostics: [said] };
  }
  let streamTokens = 0;
  for (const err of doc.errors) {
    if (err.message.startsWith('Source contains multiple documents')) {
      diagnostics.push(
        diagnostic('EVALC_YAML_SYNTAX', ONE_DOCUMENT, [], {
          source: at(err.pos[0]),
          hint: 'split it into files and name them under `include:`',
        }),
      );
      continue;
    }
    // An unterminated quote swallows the closer: the reader's "Missing closing quote" at the same
    // place says what to fix, not the flow collection's indentation (QA110).
    const quoteOpen = doc.errors.some((e) => e.code === 'MISSING_CHAR' && e.pos[0] === err.pos[0]);
    // The quote is named where it opened (below): the collection's error where the reader gave up,
    // past the file's last line, read "Flow map in block collection must be sufficiently indented"
    // (QA123).
    if (err.code === 'BAD_INDENT' && quoteOpen && openQuoteBefore(text, err.pos[0]) !== undefined) continue;
    const unclosed =
      err.code === 'BAD_INDENT' && !quoteOpen ? unclosedFlow(doc, text, err.pos[0], err.message) : undefined;
    if (unclosed) {
      const close = unclosed.open === '{' ? '}' : ']';
      const kind = unclosed.open === '{' ? 'mapping' : 'sequence';
      const stop = at(err.pos[0]);
      // The reader stopped on the opener's own line (`{ id: x ]`), or within a line the collection
      // continues on (`  version: 1.0.0 ]`): not a line that lacks indent; the diagnostic names what
      // it found there (QA105: it read "no `}` before line 2" of line 2; QA109: of an indented line 4).
      const sameLine = stop.line === at(unclosed.offset).line;
      const lineStart = text.lastIndexOf('\n', err.pos[0] - 1) + 1;
      const withinLine = !/^[ \t]*$/.test(text.slice(lineStart, err.pos[0]));
      const found = sameLine ? stop.col : `line ${stop.line}, column ${stop.col}`;
      // Still open when the file ends (QA110: "before line 7" of a file of 6 lines).
      const atEnd = !sameLine && endsFileAt(text, err.pos[0]);
      const why = atEnd ? 'the file ends before one' : stoppedAt(text[err.pos[0]], found);
      const closerAdvice = sameLine || withinLine || atEnd;
      diagnostics.push(
        diagnostic(
          'EVALC_YAML_SYNTAX',
          closerAdvice
            ? `this \`${unclosed.open}\` has no \`${close}\`: ${why} (a flow ${kind} ends with \`${close}\`)`
            : `this \`${unclosed.open}\` has no \`${close}\` before line ${stop.line}, which is not indented under it (a flow ${kind} ends with \`${close}\`, and the lines it continues on are indented)`,
          [],
          {
            source: at(unclosed.offset),
            hint: closerAdvice
              ? `close it with \`${close}\``
              : `close it with \`${close}\` on its line, or indent the lines it continues on`,
          },
        ),
      );
      continue;
    }
    // A quote never closed: the reader names the end of the file; name where the quote opened (QA117).
    const quote = err.code === 'MISSING_CHAR' ? openQuoteBefore(text, err.pos[0]) : undefined;
    if (quote !== undefined) {
      const mark = text[quote];
      diagnostics.push(
        diagnostic(
          'EVALC_YAML_SYNTAX',
          `this \`${mark}\` is never closed: the reader took the rest of the file into it (${describeYamlError(err.message)})`,
          [],
          { source: at(quote), hint: `close it with \`${mark}\` where the value ends` },
        ),
      );
      continue;
    }
    const duplicate = err.code === 'DUPLICATE_KEY' ? duplicateKeyAt(doc, err.pos[0]) : undefined;
    if (duplicate) {
      const first = at(duplicate.first);
      diagnostics.push(
        diagnostic(
          'EVALC_YAML_DUPLICATE_KEY',
          `\`${duplicate.key}\` is written again in this mapping (first at line ${first.line}, column ${first.col}): a key may appear once`,
          [],
          {
            source: at(err.pos[0]),
            hint: duplicateKeyHint(
              duplicate.key,
              duplicate.firstValue,
              duplicate.value,
              doc,
              duplicate.parent,
            ),
          },
        ),
      );
      continue;
    }
    const code = err.code === 'DUPLICATE_KEY' ? 'EVALC_YAML_DUPLICATE_KEY' : 'EVALC_YAML_SYNTAX';
    const hint =
      err.code === 'DUPLICATE_KEY'
        ? 'each key may appear once in a mapping'
        : yamlErrorHint(err.code, err.message, errorSite(text, err.pos[0]));
    // Once the document ended early, the reader names each token left, one error apiece (QA172: an
    // unquoted `${env.KEY}` inside `{ }` read 106, one per word below it): the first and those with a hint are said.
    if (/ token in YAML stream/.test(err.message) && ++streamTokens > 1 && hint === undefined) continue;
    diagnostics.push(diagnostic(code, describeYamlError(err.message), [], { source: at(err.pos[0]), hint }));
  }
  for (const warning of doc.warnings) {
    if (warning.code === 'TAG_RESOLVE_FAILED') {
      diagnostics.push(
        diagnostic('EVALC_YAML_TAG', describeUnresolvedTag(warning.message), [], {
          source: at(warning.pos[0]),
          hint: 'remove the tag; plans are plain YAML data',
        }),
      );
    }
  }
  // A `%YAML 1.1` line would switch the reader to 1.1's rules (`yes` → true, `012` → 10), against
  // the YAML 1.2 that plans and datasets are documented to be read as (QA28).
  const directive = doc.directives?.yaml;
  if (directive?.explicit && directive.version !== '1.2')
    diagnostics.push(
      diagnostic(
        'EVALC_YAML_SYNTAX',
        `evalc reads YAML 1.2 (\`yes\`, \`on\` are strings, \`012\` is 12): a %YAML ${directive.version} directive would change what values mean`,
        [],
        { source: at(/^%YAML\b/m.exec(text)?.index ?? 0), hint: 'remove the %YAML line' },
      ),
    );
  diagnostics.push(...yaml11Types(file));
  diagnostics.push(...unresolvedAliases(doc, at));
  diagnostics.push(...recursiveAliases(doc, text, at));
  // Duplicate keys and aliases without an anchor alone leave a file that can be read (its first
  // keys; `null` for such an alias), for its other mistakes.
  const recoverable = isRecoverable(diagnostics);
  const dropped = recoverable ? dropLaterDuplicateKeys(doc) : { topLevel: [], nested: [] };
  if (recoverable) nullUnresolvedAliases(doc);
  if (diagnostics.length === 0 || recoverable) diagnostics.push(...literalMergeKeys(doc, text, at));
  if (diagnostics.length > 0 && !isRecoverable(diagnostics)) return { file, value: undefined, diagnostics };
  try {
    return { file, value: doc.toJS({ maxAliasCount: MAX_ALIASES }), diagnostics, dropped };
  } catch (err) {
    // An alias of an anchor that a left-out duplicate held: the duplicate is the error to fix first.
    if (recoverable) return { file, value: undefined, diagnostics };
    const message = err instanceof Error ? err.message : String(err);
    diagnostics.push(
      diagnostic('EVALC_YAML_ALIAS', `too many alias expansions (${message})`, [], {
        source: at(0),
        hint: `aliases may expand at most ${MAX_ALIASES} times`,
      }),
    );
    return { file, value: undefined, diagnostics };
  }
}

/** Whether the file's only errors leave it readable: duplicate keys, aliases naming no anchor. */
function isRecoverable(diagnostics: readonly Diagnostic[]): boolean {
  return (
    diagnostics.length > 0 &&
    diagnostics.every((d) => d.code === 'EVALC_YAML_DUPLICATE_KEY' || isUnresolvedAlias(d))
  );
}

/** The YAML 1.1 types the reader resolves when a node is tagged with them, in any schema. */
const YAML_11_TYPES = new Set(['binary', 'set', 'omap', 'pairs', 'timestamp']);

/**
 * `!!set`, `!!omap`, `!!binary`, `!!timestamp`, `!!pairs` are YAML 1.1 types, not YAML 1.2 data,
 * yet the reader builds them when a node names them: a `!!set {a, b}` or `!!omap` var reached an
 * agent as `{}`, a `!!binary` one as `{"type":"Buffer","data":[…]}`, and a schema error called
 * each "a mapping" (QA59). Refused as custom tags are, at the tag.
 */
function yaml11Types(file: YamlFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!file.text.includes('!')) return out; // no tag: no walk over a large dataset
  visit(file.doc, {
    Node(_key, node) {
      const name = node.tag?.startsWith('tag:yaml.org,2002:') ? node.tag.slice(18) : undefined;
      if (name === undefined || !YAML_11_TYPES.has(name)) return;
      const start = node.range?.[0] ?? 0;
      const tag = /!(?:!\w+|<[^>]*>)\s*$/.exec(file.text.slice(Math.max(0, start - 200), start));
      out.push(
        diagnostic(
          'EVALC_YAML_TAG',
          `!!${name} is a YAML 1.1 type, not plan or dataset data (YAML 1.2)`,
          [],
          {
            source: positionOf(file, tag ? start - tag[0].length : start),
            hint: 'remove the tag: write a list, a mapping or a quoted text',
          },
        ),
      );
    },
  });
  return out;
}

/** The reader's "Unresolved tag: tag:yaml.org,2002:float" said in the plan's words. */
function describeUnresolvedTag(message: string): string {
  const standard = /tag:yaml\.org,2002:(str|int|float|bool|null|seq|map)$/.exec(firstLine(message))?.[1];
  return standard !== undefined
    ? `the value is no YAML 1.2 !!${standard} (its tag does not match it)`
    : `${firstLine(message)} (custom tags are not allowed)`;
}

/** The parser's message; a stack overflow on deeply nested input says what it means to the user. */
function describeYamlError(message: string): string {
  return message.includes('Maximum call stack size exceeded')
    ? 'the YAML nests too deeply to read (hundreds of levels of [ { or indentation)'
    : firstLine(message);
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '');
}

export function positionOf(file: YamlFile, offset: number): SourcePosition {
  const { line, col } = file.lineCounter.linePos(offset);
  // A byte order mark is no column: editors hide it, so line 1 counts from after it (QA26 P8).
  const bom = line === 1 && file.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { file: file.display, line, col: Math.max(1, col - bom) };
}

/**
 * The position of the node at `path` in the file, or of its deepest existing ancestor.
 * With `key`, the position of that key inside the mapping at `path` (for unknown keys).
 */
export function locateInFile(file: YamlFile, path: PlanPath, key?: string): SourcePosition {
  let node: unknown = file.doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const segment of path) {
    const next = child(node, segment, file.doc);
    if (next === undefined) break;
    if (next.keyNode !== undefined) offset = rangeStart(next.keyNode) ?? offset;
    node = next.value;
    offset = rangeStart(node) ?? offset;
  }
  if (key !== undefined) {
    const start = rangeStart(child(node, key, file.doc)?.keyNode);
    if (start !== undefined) offset = start;
  }
  return positionOf(file, offset);
}

/**
 * Where character `offset` of the string value at `path` sits in the file (scalar-offset.ts), when
 * the node there holds exactly `value` and maps character by character; else undefined.
 */
export function locateInValue(
  file: YamlFile,
  path: PlanPath,
  value: string,
  offset: number,
): SourcePosition | undefined {
  let node: unknown = file.doc.contents;
  for (const segment of path) {
    node = child(node, segment, file.doc)?.value;
    if (node === undefined) return undefined;
  }
  const at = sourceOffsetIn(file.text, node as Node, value, offset);
  return at === undefined ? undefined : positionOf(file, at);
}

/**
 * The value at `segment`, through an alias and a merge key: a mistake in `&raip { limts: … }` said
 * of `a1b: { <<: *raip }` pointed at a1b's `{` (QA224); it is said where it is written.
 */
function child(
  node: unknown,
  segment: string | number,
  doc: Document,
  depth = 0,
): { value: unknown; keyNode?: unknown } | undefined {
  if (depth > 8) return undefined;
  const at = isAlias(node) ? (node.resolve(doc) ?? node) : node;
  if (isMap(at)) {
    const pair = at.items.find(
      (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment),
    );
    if (pair) return { value: pair.value ?? pair.key, keyNode: pair.key };
    const merge = at.items.find((p) => isPair(p) && isScalar(p.key) && isMergeKey(p.key.value));
    const sources = isSeq(merge?.value) ? merge.value.items : [merge?.value];
    for (const source of merge === undefined ? [] : sources) {
      const found = isAlias(source) ? child(source, segment, doc, depth + 1) : undefined;
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isSeq(at) && typeof segment === 'number') {
    const item = at.items[segment];
    return item === undefined ? undefined : { value: item };
  }
  return undefined;
}

/** `<<`: the yaml library reads a merge key as a symbol, and as the text `<<` where merging is off. */
function isMergeKey(value: unknown): boolean {
  return value === '<<' || (typeof value === 'symbol' && value.description === '<<');
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? range[0] : undefined;
}
