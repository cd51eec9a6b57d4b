/** QA13: the one-line summary of a crashed process's last lines names the error line. */
import { describe, expect, it } from 'vitest';
import { summarizeOutput } from '../../src/protocols/mae/output-summary.js';

describe('summarizeOutput', () => {
  it('picks the Error: line of a Node stack trace over frames and the Emitted line', () => {
    const trace = [
      'Error: listen EADDRINUSE: address already in use agent.sock',
      '    at Server.setupListenHandle [as _listen2] (node:net:1817:21)',
      "Emitted 'error' event on Server instance at:",
      '    at emitErrorNT (node:net:1944:8)',
      '}',
      'Node.js v20.20.2',
    ];
    expect(summarizeOutput(trace)).toBe(
      'Error: listen EADDRINUSE: address already in use agent.sock | } | Node.js v20.20.2',
    );
  });

  it('ends with the exception line of a Python traceback, without repeating it', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "agent.py", line 3, in <module>',
      'OSError: [Errno 98] Address already in use',
    ];
    expect(summarizeOutput(trace)).toBe(
      'OSError: [Errno 98] Address already in use | File "agent.py", line 3, in <module>',
    );
  });

  it('falls back to a line that mentions an error, and to the last lines', () => {
    expect(summarizeOutput(['loading', 'could not load the model: error 42', 'bye'])).toBe(
      'could not load the model: error 42 | bye',
    );
    expect(summarizeOutput(['a', 'b', 'c'])).toBe('b | c');
  });
});
