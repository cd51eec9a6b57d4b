/**
 * The CLI's stdout and stderr as the commands write them (QA26).
 *
 * - A reader that went away (`evalc apply --json | head -3`: EPIPE) or a destination that fails
 *   (stdout on a full disk or `/dev/full`: ENOSPC, EIO, EFBIG…) ends that stream's output: later
 *   writes are dropped and `onFailure` is told once; no stack trace, no `Unhandled 'error' event`.
 * - A write to a file or device is complete or it is an error. Node's stdout on a file ignores a
 *   short write (a disk that fills in the middle of a write): `evalc plan --json > out.json` on a
 *   disk with 64 KiB left kept the first 64 KiB, dropped the rest and exited 0. Here the rest is
 *   written again, and the error that the full disk then gives is reported.
 *
 * Pipes and terminals go through Node's stream (synchronous on Linux), whose errors arrive as
 * 'error' events.
 */
import { fstatSync, writeSync } from 'node:fs';

export interface OutputFailure {
  stream: 'stdout' | 'stderr';
  /** The system error code (`EPIPE`, `ENOSPC`, …), or `EIO` when the error had none. */
  code: string;
  message: string;
}

export interface ProcessOutput {
  write: (text: string) => void;
  /** Set once the stream cannot take more output; every later write is dropped. */
  failure: () => OutputFailure | undefined;
}

type OutputStream = NodeJS.WritableStream & { fd?: number; isTTY?: boolean };

/** Files and character or block devices: written with `writeSync` until every byte is out. */
function isWrittenDirectly(stream: OutputStream): number | undefined {
  const fd = stream.fd;
  if (typeof fd !== 'number' || stream.isTTY) return undefined;
  try {
    const stat = fstatSync(fd);
    return stat.isFile() || stat.isCharacterDevice() || stat.isBlockDevice() ? fd : undefined;
  } catch {
    return undefined;
  }
}

function failureOf(name: OutputFailure['stream'], err: unknown): OutputFailure {
  const code = (err as { code?: unknown } | null)?.code;
  return {
    stream: name,
    code: typeof code === 'string' ? code : 'EIO',
    message: err instanceof Error ? err.message : String(err),
  };
}

export function openProcessOutput(
  stream: OutputStream,
  name: OutputFailure['stream'],
  onFailure: (failure: OutputFailure) => void,
): ProcessOutput {
  let failed: OutputFailure | undefined;
  const fail = (err: unknown) => {
    if (failed) return;
    failed = failureOf(name, err);
    onFailure(failed);
  };
  // Node emits a failed write's error on the stream; without a listener it is thrown.
  stream.on('error', fail);
  const fd = isWrittenDirectly(stream);
  const write = (text: string) => {
    if (failed || text === '') return;
    if (fd === undefined) {
      stream.write(text);
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    let offset = 0;
    try {
      while (offset < bytes.length) {
        const written = writeSync(fd, bytes, offset, bytes.length - offset);
        if (written <= 0) throw Object.assign(new Error('write: no byte was written'), { code: 'EIO' });
        offset += written;
      }
    } catch (err) {
      fail(err);
    }
  };
  return { write, failure: () => failed };
}
