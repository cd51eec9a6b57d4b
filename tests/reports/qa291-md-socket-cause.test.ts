/**
 * QA291: report.md's Errors table and failing examples say an error without the request it was
 * about (QA75: `POST http://…: ` is dropped, the agent is named beside it), but a mae socket agent's
 * `socket agent tcp:[2001:db8::1]:7107: ` was kept: the same 'no route to the host (EHOSTUNREACH)'
 * of six http agents and one socket agent made two rows. Both now read the cause alone.
 */
import { expect, it } from 'vitest';
import { errorCause } from '../../src/reports/markdown-errors.js';

it('a socket agent failure reads without its address, as an http one without its request', () => {
  const cause = 'no route to the host (EHOSTUNREACH)';
  expect(errorCause(`POST http://[2001:db8::1]:7102/agent/respond: ${cause}`)).toBe(cause);
  expect(errorCause(`socket agent tcp:[2001:db8::1]:7107: ${cause}`)).toBe(cause);
  expect(errorCause(`socket agent tcp:agent:7000: host not found (ENOTFOUND)`)).toBe(
    'host not found (ENOTFOUND)',
  );
  expect(
    errorCause(
      'socket agent unix:/tmp/a/missing.sock: no socket at that path (nothing listening there: is the agent started, and listening on this path?) (ENOENT)',
    ),
  ).toBe(
    'no socket at that path (nothing listening there: is the agent started, and listening on this path?) (ENOENT)',
  );
  // other messages as written
  expect(errorCause('local agent exited with code 127 before replying')).toBe(
    'local agent exited with code 127 before replying',
  );
});
