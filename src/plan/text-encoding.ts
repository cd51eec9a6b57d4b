/**
 * Whether a file's bytes are UTF-8 text, and if not, what they look like: a plan or dataset
 * saved as UTF-16 (Windows editors), in Latin-1, or a binary file is one clear diagnostic
 * instead of YAML/JSON errors over mojibake, or (a Latin-1 CSV) values silently turned into
 * U+FFFD replacement characters.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export type DecodedText = { ok: true; text: string } | { ok: false; reason: string };

/** The bytes as UTF-8 text (a UTF-8 byte order mark dropped); else why they are not, as a phrase. */
export function decodeUtf8Text(bytes: Uint8Array): DecodedText {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, reason: 'is UTF-16 text: save it as UTF-8' };
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    // UTF-16 without a byte order mark has a NUL in every other byte of ASCII text.
    const utf16 =
      bytes.length >= 4 && (bytes[0] === 0 || bytes[1] === 0) && (bytes[2] === 0 || bytes[3] === 0);
    return {
      ok: false,
      reason: utf16
        ? 'looks like UTF-16 text: save it as UTF-8'
        : `is a binary file, not text (a NUL byte at offset ${nul})`,
    };
  }
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch (err) {
    // A JavaScript string holds at most 2^29 - 24 characters (QA40: a 594 MB JSONL file of ASCII
    // text was "not UTF-8 text").
    if ((err as { code?: unknown }).code === 'ERR_STRING_TOO_LONG')
      return {
        ok: false,
        reason: `is too large to read as text (${bytes.length} bytes, over 512 MiB): split it`,
      };
    return { ok: false, reason: 'is not UTF-8 text (it has bytes that are not UTF-8): save it as UTF-8' };
  }
}

/** Undefined for UTF-8 text; else why the bytes are not, as a phrase. */
export function describeNotUtf8(bytes: Uint8Array): string | undefined {
  const decoded = decodeUtf8Text(bytes);
  return decoded.ok ? undefined : decoded.reason;
}

/**
 * Line and column (1-based, columns in UTF-16 units as everywhere) of the first NUL byte of a file that is UTF-8
 * text up to it: where a plan's binary-file diagnostic points (QA268: a NUL typed into a value was
 * reported at 1:1, 'at offset 1423').
 */
export function firstNulPosition(bytes: Uint8Array): { line: number; col: number } | undefined {
  const nul = bytes.indexOf(0);
  if (nul === -1) return undefined;
  let before: string;
  try {
    before = utf8.decode(bytes.subarray(0, nul));
  } catch {
    return undefined; // binary before it too (an image): the file as a whole is the problem
  }
  const lines = before.split('\n');
  return { line: lines.length, col: (lines[lines.length - 1] ?? '').length + 1 };
}
