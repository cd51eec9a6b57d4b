/**
 * QA261: junit.xml's classname joins benchmark, agent, task and dataset with `.`, the package
 * separator of CI viewers, and ids may hold a `.`: task `t` with dataset `d.x` and task `t.d` with
 * dataset `x` were both `b.a1.t.d.x`, so one example id in each was one testcase to Jenkins or
 * GitLab (keyed on classname + name), and a dataset `search.v2` showed as a package. A `.` inside an
 * id is written U+2024 (one dot leader); the separators stay `.`.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict, validateJunit } from './junit-schema.js';

describe("junit.xml's classname and ids holding a dot", () => {
  it('keeps task t / dataset d.x and task t.d / dataset x apart', () => {
    const lock = baselineLock();
    const [g1, g2] = [...new Set(lock.results.filter((r) => r.group.startsWith('a1/')).map((r) => r.group))];
    if (!g1 || !g2) throw new Error('fixture');
    Object.assign(lock.groups[g1]!, { task: 't', dataset: 'd.x' });
    Object.assign(lock.groups[g2]!, { task: 't.d', dataset: 'x' });
    const xml = renderReports({ lock })['junit.xml'];
    const classnames = new Set(
      parseXmlStrict(xml).children.flatMap((s) => s.children.map((c) => c.attributes.classname)),
    );
    const id = lock.plan.benchmark.id.replaceAll('.', '\u2024');
    expect(classnames).toContain(`${id}.a1.t.d\u2024x`);
    expect(classnames).toContain(`${id}.a1.t\u2024d.x`);
    expect(classnames).not.toContain(`${id}.a1.t.d.x`);
    expect(() => validateJunit(xml)).not.toThrow();
  });
});
