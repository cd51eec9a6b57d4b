/**
 * QA261: junit.xml keeps two examples whose ids differ only in a noncharacter (U+FFFE, U+FFFF —
 * XML 1.0 forbids both, a dataset may hold them) apart: both became U+FFFD, so a JUnit consumer
 * (Jenkins, GitLab) saw one testcase name twice and merged or hid one of the examples. They are
 * spelled `\ufffe` / `\uffff` as control characters are, and the file stays valid XML.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict, validateJunit } from './junit-schema.js';

describe('junit.xml and noncharacters in example ids', () => {
  it('gives examples c\\uFFFEd and c\\uFFFFd distinct testcase names', () => {
    const lock = baselineLock();
    lock.results[0]!.example = 'c\ufffed';
    lock.results[1]!.example = 'c\uffffd';
    const xml = renderReports({ lock })['junit.xml'];
    const names = parseXmlStrict(xml).children.flatMap((s) =>
      s.children.map((c) => `${c.attributes.classname} ${c.attributes.name}`),
    );
    expect(names.some((n) => n.includes('c\\ufffed · '))).toBe(true);
    expect(names.some((n) => n.includes('c\\uffffd · '))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(() => validateJunit(xml)).not.toThrow();
  });
});
