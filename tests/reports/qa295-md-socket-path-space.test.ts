/**
 * QA295 (the case beside QA291's 8a434ba1): a mae socket agent at a unix path holding a space
 * (`unix:./my dir/agent.sock`) kept its address in report.md's Errors table and failing examples,
 * 'socket agent unix:/tmp/…/my dir/missing.sock: no socket at that path …', a row of its own beside
 * the same cause of an agent at a path without one (checked with the CLI). Both read the cause alone.
 */
import { expect, it } from 'vitest';
import { errorCause } from '../../src/reports/markdown-errors.js';

it("a socket agent's unix path holding a space is dropped as one without is", () => {
  const cause =
    'no socket at that path (nothing listening there: is the agent started, and listening on this path?) (ENOENT)';
  expect(errorCause(`socket agent unix:/tmp/qa/my dir/missing.sock: ${cause}`)).toBe(cause);
  expect(errorCause(`socket agent unix:/tmp/qa/missing.sock: ${cause}`)).toBe(cause);
  // only the address: the words after it keep their own ': '
  expect(errorCause('socket agent unix:/tmp/a b/x.sock: reply is not JSON: {oops')).toBe(
    'reply is not JSON: {oops',
  );
  expect(errorCause('socket agent tcp:[2001:db8::1]:7107: reply is not JSON: {oops')).toBe(
    'reply is not JSON: {oops',
  );
});
