/**
 * The fields a compiled JMESPath expression reads from the document it is evaluated against (the
 * reply's top level): `raw` of `raw.x`, `length(raw)`, `output.a || raw.b`, `[raw.x, output.y]`,
 * `{a: raw}`, `$.raw` anywhere — but not `output.items[].raw` or `sort_by(xs, &raw)`, where `raw`
 * is a field of an element. Validate checks them against each protocol's reply document (QA159:
 * a check of the expression's first word missed `length(raw)`).
 */
import type { compile } from '@jmespath-community/jmespath';

type Ast = ReturnType<typeof compile>;

interface Node {
  type?: unknown;
  name?: unknown;
  left?: unknown;
  right?: unknown;
  child?: unknown;
  children?: unknown;
  condition?: unknown;
  value?: unknown;
  bindings?: unknown;
  reference?: unknown;
  variable?: unknown;
  expression?: unknown;
  trueExpr?: unknown;
  falseExpr?: unknown;
  operand?: unknown;
}

/** What an expression reads of the document: its fields, and whether it uses the document whole. */
interface Found {
  fields: Set<string>;
  /** `@`, `$`, `keys(@)`, `*`, `{a: @}`: every field, a later-added one too, may reach a value. */
  whole: boolean;
}

/** The document's own fields the expression reads, each once, in the order they appear. */
export function rootFields(ast: Ast): string[] {
  return [...readOf(ast).fields];
}

/**
 * Whether the expression may read the document's field `name`: it names it, or it uses the
 * document whole (`@`, `keys(@)`, `*`), where a field added to the document shows too.
 */
export function mayReadRootField(ast: Ast, name: string): boolean {
  const found = readOf(ast);
  return found.whole || found.fields.has(name);
}

function readOf(ast: Ast): Found {
  const found: Found = { fields: new Set(), whole: false };
  if (visit(ast, true, new Set(), found)) found.whole = true;
  return found;
}

/**
 * Visits `node` evaluated against the document when `atRoot`, else against some value inside it;
 * returns whether the node's value is the document itself (`@` at the top, `$`, a variable bound to it).
 */
function visit(node: unknown, atRoot: boolean, rootVars: ReadonlySet<string>, found: Found): boolean {
  if (node === null || typeof node !== 'object') return false;
  const n = node as Node;
  const each = (value: unknown, root: boolean) => visit(value, root, rootVars, found);
  // A part whose value is the document, used as a value (not a subexpression's left side).
  const whole = (isRoot: boolean) => {
    if (isRoot) found.whole = true;
  };
  switch (n.type) {
    case 'Field':
      if (atRoot && typeof n.name === 'string') found.fields.add(n.name);
      return false;
    case 'Root':
      return true;
    case 'Literal':
    case 'Index':
    case 'Slice':
      return false;
    case 'Current':
    case 'Identity':
      return atRoot;
    case 'Variable':
      return typeof n.name === 'string' && rootVars.has(n.name);
    case 'Subexpression':
    case 'IndexExpression':
    case 'Pipe':
      return each(n.right, each(n.left, atRoot));
    case 'Projection':
    case 'ValueProjection':
    case 'FilterProjection':
      // The right side and the condition are evaluated on each element.
      whole(each(n.left, atRoot));
      each(n.condition, false);
      each(n.right, false);
      return false;
    case 'ExpressionReference':
      // Applied to elements by the function that takes it (sort_by, map, max_by, …).
      each(n.child, false);
      return false;
    case 'Flatten':
      whole(each(n.child, atRoot));
      return false;
    case 'LetExpression': {
      const vars = new Set(rootVars);
      for (const binding of Array.isArray(n.bindings) ? (n.bindings as Node[]) : []) {
        const isRoot = each(binding.reference, atRoot);
        if (typeof binding.variable === 'string') {
          if (isRoot) vars.add(binding.variable);
          else vars.delete(binding.variable);
        }
      }
      return visit(n.expression, atRoot, vars, found);
    }
    case 'Ternary':
      whole(each(n.condition, atRoot));
      return bothOrWhole(each(n.trueExpr, atRoot), each(n.falseExpr, atRoot), whole);
    case 'OrExpression':
    case 'AndExpression': {
      const left = each(n.left, atRoot);
      return bothOrWhole(left, each(n.right, atRoot), whole);
    }
    default:
      // Functions, multi-selects, comparisons, arithmetic, `!`: their operands are evaluated
      // where the node is.
      for (const part of [n.left, n.right, n.child, n.operand, n.value, n.condition])
        whole(each(part, atRoot));
      for (const part of Array.isArray(n.children) ? n.children : []) whole(each(part, atRoot));
      return false;
  }
}

/** Two branches that may be the value: the document when both are; when one only, it is used whole. */
function bothOrWhole(a: boolean, b: boolean, whole: (isRoot: boolean) => void): boolean {
  if (a !== b) whole(true);
  return a && b;
}
