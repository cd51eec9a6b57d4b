/**
 * A strict XML 1.0 parser (well-formedness: one root, matched tags, quoted unique attributes,
 * only the five predefined entities and character references, no stray `<` or `&`) and a check
 * of the JUnit structure against the rules of the Jenkins/Ant schema (junit-10.xsd): allowed
 * elements, attributes, child order, integer/decimal attribute types, and counts that add up.
 * Written for the tests because no XML library is installed and the tests run offline.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const INVALID_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new Error(`unescaped < in ${where}`);
  return raw.replace(/&([^;]*);?/g, (m, body: string) => {
    if (!m.endsWith(';')) throw new Error(`unterminated entity in ${where}: ${m}`);
    if (body.startsWith('#x')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number.parseInt(body.slice(1), 10));
    const e = ENTITIES[body];
    if (e === undefined) throw new Error(`unknown entity &${body}; in ${where}`);
    return e;
  });
}

export function parseXmlStrict(xml: string): XmlElement {
  if (INVALID_CHAR.test(xml)) throw new Error('character not allowed in XML 1.0');
  let i = 0;
  const skipMisc = () => {
    for (;;) {
      const ws = /^\s*/.exec(xml.slice(i));
      i += ws?.[0].length ?? 0;
      if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i + 4);
        if (end < 0) throw new Error('unterminated comment');
        i = end + 3;
      } else if (xml.startsWith('<?', i)) {
        const end = xml.indexOf('?>', i + 2);
        if (end < 0) throw new Error('unterminated processing instruction');
        i = end + 2;
      } else return;
    }
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    const decl = xml.slice(0, end + 2);
    if (
      !/^<\?xml version="1\.[0-9]"( encoding="[A-Za-z][A-Za-z0-9._-]*")?( standalone="(yes|no)")?\s*\?>$/.test(
        decl,
      )
    ) {
      throw new Error(`bad XML declaration ${decl}`);
    }
    i = end + 2;
  }
  skipMisc();
  const parseElement = (): XmlElement => {
    if (xml[i] !== '<') throw new Error(`expected < at ${i}`);
    i += 1;
    const name = NAME.exec(xml.slice(i))?.[0];
    if (!name) throw new Error(`bad element name at ${i}`);
    i += name.length;
    const el: XmlElement = { name, attributes: {}, children: [], text: '' };
    for (;;) {
      const ws = /^\s*/.exec(xml.slice(i))?.[0].length ?? 0;
      i += ws;
      if (xml.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i += 1;
        break;
      }
      if (ws === 0) throw new Error(`attributes of <${name}> need whitespace between them`);
      const attr = NAME.exec(xml.slice(i))?.[0];
      if (!attr) throw new Error(`bad attribute in <${name}> at ${i}`);
      i += attr.length;
      const m = /^\s*=\s*("([^"]*)"|'([^']*)')/.exec(xml.slice(i));
      if (!m) throw new Error(`attribute ${attr} of <${name}> is not quoted`);
      if (attr in el.attributes) throw new Error(`duplicate attribute ${attr} in <${name}>`);
      el.attributes[attr] = decode(m[2] ?? m[3] ?? '', `${name}@${attr}`);
      i += m[0].length;
    }
    for (;;) {
      if (i >= xml.length) throw new Error(`unclosed <${name}>`);
      if (xml.startsWith('</', i)) {
        const m = /^<\/([A-Za-z_:][-A-Za-z0-9_:.]*)\s*>/.exec(xml.slice(i));
        if (!m || m[1] !== name) throw new Error(`mismatched end tag for <${name}> at ${i}`);
        i += m[0].length;
        return el;
      }
      if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i + 4);
        if (end < 0) throw new Error('unterminated comment');
        i = end + 3;
      } else if (xml.startsWith('<![CDATA[', i)) {
        const end = xml.indexOf(']]>', i);
        if (end < 0) throw new Error('unterminated CDATA');
        el.text += xml.slice(i + 9, end);
        i = end + 3;
      } else if (xml[i] === '<') {
        el.children.push(parseElement());
      } else {
        const next = xml.indexOf('<', i);
        const raw = xml.slice(i, next < 0 ? xml.length : next);
        el.text += decode(raw, `text of <${name}>`);
        i += raw.length;
      }
    }
  };
  const root = parseElement();
  skipMisc();
  if (i !== xml.length) throw new Error(`content after the root element at ${i}`);
  return root;
}

const INT = /^[0-9]+$/;
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

const RULES: Record<string, { required: string[]; allowed: string[]; ints: string[]; decimals: string[] }> = {
  testsuites: {
    required: [],
    allowed: ['name', 'time', 'tests', 'failures', 'disabled', 'errors'],
    ints: ['tests', 'failures', 'disabled', 'errors'],
    decimals: ['time'],
  },
  testsuite: {
    required: ['name', 'tests'],
    allowed: [
      'name',
      'tests',
      'failures',
      'errors',
      'time',
      'disabled',
      'skipped',
      'timestamp',
      'hostname',
      'id',
      'package',
      'file',
      'log',
      'url',
      'version',
      'group',
    ],
    ints: ['tests', 'failures', 'errors', 'disabled', 'skipped'],
    decimals: ['time'],
  },
  testcase: {
    required: ['name'],
    allowed: ['name', 'assertions', 'time', 'classname', 'status', 'group', 'file', 'line'],
    ints: [],
    decimals: ['time'],
  },
  failure: { required: [], allowed: ['message', 'type'], ints: [], decimals: [] },
  error: { required: [], allowed: ['message', 'type'], ints: [], decimals: [] },
  skipped: { required: [], allowed: ['message'], ints: [], decimals: [] },
};

function checkAttributes(el: XmlElement): void {
  const rule = RULES[el.name];
  if (!rule) throw new Error(`element <${el.name}> is not in the JUnit schema`);
  for (const a of rule.required) if (!(a in el.attributes)) throw new Error(`<${el.name}> needs ${a}`);
  for (const [a, v] of Object.entries(el.attributes)) {
    if (!rule.allowed.includes(a)) throw new Error(`<${el.name}> has no attribute ${a}`);
    if (rule.ints.includes(a) && !INT.test(v)) throw new Error(`<${el.name}> ${a}="${v}" is not an integer`);
    if (rule.decimals.includes(a) && !DECIMAL.test(v))
      throw new Error(`<${el.name}> ${a}="${v}" is not a decimal`);
  }
}

function checkOrder(el: XmlElement, order: string[][]): void {
  let stage = 0;
  for (const c of el.children) {
    while (stage < order.length && !order[stage]?.includes(c.name)) stage += 1;
    if (stage >= order.length) throw new Error(`<${c.name}> not allowed (or out of order) in <${el.name}>`);
  }
}

/** Validates junit.xml; returns the totals it checked. */
export function validateJunit(xml: string): {
  tests: number;
  failures: number;
  errors: number;
  suites: XmlElement[];
} {
  const root = parseXmlStrict(xml);
  if (root.name !== 'testsuites') throw new Error(`root is <${root.name}>, not <testsuites>`);
  checkAttributes(root);
  let tests = 0;
  let failures = 0;
  let errors = 0;
  for (const suite of root.children) {
    if (suite.name !== 'testsuite') throw new Error(`<${suite.name}> in <testsuites>`);
    checkAttributes(suite);
    checkOrder(suite, [['properties'], ['testcase'], ['system-out'], ['system-err']]);
    const cases = suite.children.filter((c) => c.name === 'testcase');
    let f = 0;
    let e = 0;
    let s = 0;
    for (const tc of cases) {
      checkAttributes(tc);
      checkOrder(tc, [['skipped'], ['error'], ['failure'], ['system-out'], ['system-err']]);
      for (const c of tc.children) {
        checkAttributes(c);
        if (c.children.length > 0) throw new Error(`<${c.name}> must hold text only`);
      }
      if (tc.children.some((c) => c.name === 'error')) e += 1;
      else if (tc.children.some((c) => c.name === 'failure')) f += 1;
      else if (tc.children.some((c) => c.name === 'skipped')) s += 1;
    }
    const attr = (n: string) => Number(suite.attributes[n] ?? '0');
    if (attr('tests') !== cases.length)
      throw new Error(`suite ${suite.attributes.name}: tests=${attr('tests')} but ${cases.length} testcases`);
    if (attr('failures') !== f)
      throw new Error(`suite ${suite.attributes.name}: failures=${attr('failures')} but ${f}`);
    if (attr('errors') !== e)
      throw new Error(`suite ${suite.attributes.name}: errors=${attr('errors')} but ${e}`);
    if (attr('skipped') !== s)
      throw new Error(`suite ${suite.attributes.name}: skipped=${attr('skipped')} but ${s}`);
    tests += cases.length;
    failures += f;
    errors += e;
  }
  const total = (n: string) => Number(root.attributes[n] ?? String(n === 'tests' ? tests : 0));
  if (total('tests') !== tests || total('failures') !== failures || total('errors') !== errors) {
    throw new Error('testsuites totals do not add up');
  }
  return { tests, failures, errors, suites: root.children };
}
