#!/usr/bin/env node
/**
 * Text-template render benchmark (plain node over dist/: `npm run build` first). Input templates
 * and judge `content:` templates render once per example, so their per-render cost is paid 100,000
 * times by a 100k-example plan. Times, in the same process, `--renders` renders of each template
 * below three ways:
 *   - copy:  through the proxied copy of the context (printed-values.ts), what every text leaf
 *            did from 57a645ad (QA333) until QA353;
 *   - new:   as compileTemplate renders now (against the example's own context, each printed
 *            value checked as it is printed, checked-print.ts; through the copy when that stops);
 *   - bare:  Handlebars alone against the context, in the same leaf, what it cost before 57a645ad.
 * Each is run `--repeat` times, interleaved; the medians are printed with new/copy and new/bare.
 * Every render's text (or error) is checked to be the same for copy and new (exit 1 if not).
 *
 * usage: node benchmarks/template/run.mjs [--renders 10000] [--repeat 7] [--docs 200]
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    renders: { type: 'string', default: '10000' },
    repeat: { type: 'string', default: '7' },
    docs: { type: 'string', default: '200' },
  },
});
const renders = Number(values.renders);
const repeat = Number(values.repeat);
const docCount = Number(values.docs);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const url = (file) => pathToFileURL(path.join(root, 'dist', file)).href;
const { compileTemplate, renderTemplate, exampleContext } = await import(url('binding/template.js'));
const Handlebars = (await import('handlebars')).default;

const docs = Array.from({ length: docCount }, (_, i) => ({ id: `d${i}`, text: `document ${i} `.repeat(20) }));
const small = exampleContext({
  id: 'e1',
  vars: { q: 'What is 2+2?', tags: ['math', 'easy'], candidate: { answer: '4', score: 0.9 } },
});
const docs5 = docs.slice(0, 5).map((d, i) => ({ title: `t${i}`, body: d.text.slice(0, 40) }));
const qa348 = exampleContext({
  id: 'e7',
  vars: {
    question: 'What is course 7?',
    score: 1,
    ok: true,
    docs: docs5,
    user: { name: 'user7', admin: false, tags: ['a', 'b', 'c'] },
    meta: { a: 7, b: [1, 2, 3] },
  },
});
const large = exampleContext({
  id: 'e1',
  vars: { q: 'What is 2+2?', tags: ['math', 'easy'], candidate: { answer: '4', score: 0.9 }, docs },
});

const cases = [
  ['mixed text, small context', 'Q: {{q}} A: {{candidate.answer}}', small],
  [`mixed text, ${docCount} documents in context`, 'Q: {{q}} A: {{candidate.answer}}', large],
  ['list of scalars + json', 'Tags: {{tags}} ({{json candidate}}) {{candidate.score}}', large],
  [
    "QA348's: blocks, ../-free",
    'Q: {{question}} (id {{id}}, score {{score}}, ok {{ok}})\n{{#each docs}}- {{title}}: {{body}}\n{{/each}}{{#with user}}User {{name}} {{#if admin}}admin{{else}}member{{/if}}{{/with}}\nMeta: {{json meta}}',
    qa348,
  ],
  ['block with ../', '{{#with user}}{{#each tags}}{{../name}} {{/each}}{{/with}}', qa348],
  [
    'inherited name (an error; always the copy, QA48)',
    '{{#each tags}}{{this}} {{/each}}{{q}} {{#with candidate}}{{toString}}{{/with}}',
    large,
  ],
  ['object printed (error: checked, then the copy)', 'Q: {{q}} C: {{candidate}}', large],
];

const bareHbs = Handlebars.create();
bareHbs.registerHelper('json', (value) => JSON.stringify(value));
const OWN = { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false };

function timed(fn) {
  const start = performance.now();
  for (let i = 0; i < renders; i++) fn();
  return performance.now() - start;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const said = (out) => (out.ok ? JSON.stringify(out.value) : `error: ${out.error.message}`);

let mismatch = false;
const lines = [`text-template renders: ${renders.toLocaleString('en')} per timing, median of ${repeat}`];
for (const [name, source, context] of cases) {
  const errors = [];
  const copy = compileTemplate(source, errors, [], 'copy');
  const fresh = compileTemplate(source, errors, []);
  const bare = bareHbs.compile(source, { strict: true, noEscape: true });
  if (errors.length > 0) throw new Error(`${source}: ${errors[0].message}`);
  const [a, b] = [said(renderTemplate(copy, context)), said(renderTemplate(fresh, context))];
  if (a !== b) {
    mismatch = true;
    lines.push(`  MISMATCH ${name}: copy ${a} / new ${b}`);
  }
  const bareLeaf = { kind: 'leaf', source, path: [], render: (c) => bare(c, OWN) };
  const bareRender = () => renderTemplate(bareLeaf, context);
  const times = { copy: [], new: [], bare: [] };
  for (let r = 0; r < repeat; r++) {
    times.copy.push(timed(() => renderTemplate(copy, context)));
    times.new.push(timed(() => renderTemplate(fresh, context)));
    times.bare.push(timed(bareRender));
  }
  const [c, n, h] = [median(times.copy), median(times.new), median(times.bare)];
  lines.push(
    `  ${name}: ${JSON.stringify(source)} → ${b.length > 60 ? `${b.slice(0, 60)}…` : b}`,
    `    copy ${c.toFixed(1)} ms, new ${n.toFixed(1)} ms, bare Handlebars ${h.toFixed(1)} ms` +
      `  (new/copy ${(n / c).toFixed(2)}×, new/bare ${(n / h).toFixed(2)}×; ${((n / renders) * 1000).toFixed(1)} µs per render)`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
if (mismatch) process.exit(1);
