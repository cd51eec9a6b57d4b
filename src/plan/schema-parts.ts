/** Pieces the plan language's schemas share (schema.ts, agent-schema.ts): ids, durations, commands, headers. */
import { z } from 'zod';
import { parseDuration } from './duration.js';

export const id = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
    'ids use ASCII letters, digits, "_", "-" and "." and start with a letter or digit',
  );

// Every duration in a plan is a wait or a limit: 0 would time out every request at once.
export const duration = z
  .union([z.string(), z.number()])
  .refine((v) => parseDuration(v) !== undefined, { message: 'expected a duration like 30s, 1500ms or 2m' })
  .refine((v) => (parseDuration(v) ?? 1) > 0, { message: 'expected a duration above 0 (like 30s)' })
  // For editors (QA51: the JSON Schema took any text, `timeout: 15 seconds` too): `pattern` checks a
  // text's form as parseDuration reads it, `exclusiveMinimum` a number; JSON Schema applies each to its type.
  .meta({
    description: 'A duration: "30s", "1500ms", "2m", or a number of seconds',
    pattern: '^\\s*\\d+(\\.\\d+)?\\s*(ms|s|m|h)\\s*$',
    exclusiveMinimum: 0,
  });

/** The longest command or serve.env text, in UTF-8 bytes (see spawnText). */
export const SPAWN_TEXT_BYTES = 120 * 1024;

/**
 * Text handed to a child process (a command, a serve.env name or value): no NUL byte, which the OS
 * cannot pass (QA268: `command: "a\\0b"` was an internal error with a stack trace at plan, and apply hung).
 */
export const spawnText = z
  .string()
  .refine((v) => !v.includes('\0'), {
    message: 'contains a NUL byte (\\0), which a process cannot be given: remove it',
  })
  // Linux gives a process each argument and environment variable in at most 128 KiB
  // (MAX_ARG_STRLEN): a longer command made spawn throw E2BIG, and apply crashed with Node's own
  // stack trace. The limit leaves room for the shell wrapper evalc puts around a command.
  .refine((v) => Buffer.byteLength(v) <= SPAWN_TEXT_BYTES, {
    error: (issue) =>
      `is ${Buffer.byteLength(String(issue.input)).toLocaleString('en-US')} bytes: a process is given at most 128 KiB in one argument or environment variable (Linux), so evalc takes at most ${SPAWN_TEXT_BYTES.toLocaleString('en-US')}: put the command in a script, or the value in a file the agent reads`,
  });

/** A shell command: not empty, not only spaces, no NUL byte. */
export const shellCommand = spawnText.regex(/\S/, 'expected a command, not an empty string');

export const headers = z
  .record(z.string(), z.string())
  .describe(
    'HTTP headers sent to the agent. Values may use ${env.NAME}; they are secrets: never hashed, stored or printed',
  );

/**
 * An http(s) URL evalc sends requests to. Validate checks it (compiler/url-check.ts,
 * EVALC_URL_INVALID at its line); for editors the JSON Schema requires its scheme (QA186: it took
 * `not a url` and `127.0.0.1:7101`), in the form the URL parser reads it: leading spaces or control
 * characters, any case, a tab or line break anywhere ignored; the rest is validate's to say.
 */
export function httpUrl(description?: string) {
  const gap = '[\\t\\n\\r]*';
  const scheme = ['[Hh]', '[Tt]', '[Tt]', '[Pp]', `(?:[Ss]${gap})?`].join(gap);
  return z.string().meta({
    ...(description === undefined ? {} : { description }),
    pattern: `^[\\u0000-\\u0020]*${scheme}:`,
  });
}
