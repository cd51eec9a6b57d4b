/**
 * Alias and merge-key hazards of a parsed YAML file, each said where it is: an alias naming no
 * anchor, an alias inside the value its own anchor names, a `<<` key holding no mapping.
 */
import { type Document, isAlias, isMap, isScalar, isSeq, Scalar, visit } from 'yaml';
import { type Diagnostic, diagnostic, type SourcePosition } from './diagnostic.js';

/** The position of a character offset of the file. */
type At = (offset: number) => SourcePosition;

/** An alias (`*name`) with no anchor (`&name`) before it, said where the alias is. */
export function unresolvedAliases(doc: Document.Parsed, at: At): Diagnostic[] {
  const out: Diagnostic[] = [];
  visit(doc, {
    Alias(_key, node) {
      if (node.resolve(doc) !== undefined) return;
      out.push(
        diagnostic(
          'EVALC_YAML_ALIAS',
          `the alias *${node.source} names no anchor &${node.source} set before it`,
          [],
          {
            source: at(node.range?.[0] ?? 0),
            hint: `set the anchor (&${node.source}) on a value above this line, or write the value here`,
          },
        ),
      );
    },
  });
  return out;
}

/**
 * An alias inside the value its own anchor names (`x: &a [*a]`, `&m { k: *m }`) makes a value that
 * holds itself: every later walk over the plan recursed until the stack overflowed, an internal
 * error with a stack trace (QA59). Said at the alias.
 */
export function recursiveAliases(doc: Document.Parsed, text: string, at: At): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!text.includes('*')) return out; // no alias: no walk over a large dataset
  visit(doc, {
    Alias(_key, node, path) {
      const target = node.resolve(doc);
      if (target === undefined || !path.includes(target)) return;
      out.push(
        diagnostic(
          'EVALC_YAML_ALIAS',
          `the alias *${node.source} is inside the value its anchor &${node.source} names: that value would hold itself`,
          [],
          {
            source: at(node.range?.[0] ?? 0),
            hint: `an alias may repeat a value set above it, not the one it is part of`,
          },
        ),
      );
    },
  });
  return out;
}

/**
 * A `<<` key applies merges only when it holds mappings (a mapping, an alias of one, or a list of
 * them). One holding no mapping at all (`<<: text`, `<<: null`) stays a field named `<<`, as files
 * read before merge keys were applied had it (QA28: it failed the whole file as "too many alias
 * expansions"); a list mixing mappings with other values is said at its key.
 */
export function literalMergeKeys(doc: Document.Parsed, text: string, at: At): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!text.includes('<<')) return out; // no merge key: no walk over a large dataset
  const resolved = (node: unknown): unknown => (isAlias(node) ? node.resolve(doc) : node);
  visit(doc, {
    Pair(_key, pair) {
      if (!isScalar(pair.key) || typeof pair.key.value !== 'symbol') return;
      const value = resolved(pair.value);
      const items = isSeq(value) ? value.items.map(resolved) : [value];
      const maps = items.filter((item) => isMap(item)).length;
      if (maps === items.length) return;
      if (maps === 0) {
        // A quoted `<<` is an ordinary key for the YAML reader.
        const literal = new Scalar('<<');
        literal.type = Scalar.QUOTE_DOUBLE;
        if (pair.key.range) literal.range = pair.key.range;
        pair.key = literal;
        return;
      }
      out.push(
        diagnostic(
          'EVALC_YAML_SYNTAX',
          'a `<<` merge key takes a mapping, an alias of one, or a list of them: this list also holds other values',
          [],
          {
            source: at(pair.key.range?.[0] ?? 0),
            hint: 'list only mappings under `<<` (quote the key, "<<", for a field of that name)',
          },
        ),
      );
    },
  });
  return out;
}
