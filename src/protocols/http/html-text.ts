/**
 * An HTML error page's text as it reads: tags (and script/style contents) dropped, character
 * references decoded. Express's default error page (finalhandler, escape-html) writes the error as
 * `(reading &#39;query&#39;)` and indents its stack with `&nbsp;`, which were quoted as written in
 * error messages and report.md (QA122). One pass, so `&amp;lt;` reads `&lt;`.
 */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function htmlPageText(html: string): string {
  // Linear in the page (QA127): `<[^>]*>` tried from every `<` ran to the page's end when no `>`
  // followed, and `<script…</script>` did from every unclosed `<script`, so a 100 kB error page of
  // `<` held the event loop ~5 s (a 1 MB one, minutes, timing out every other call in flight). A
  // tag stops at the next `<`; an unclosed script/style takes the rest of the page, as a browser's.
  // A comment is dropped whole (QA133): `<!-- <b>x</b> -->` and Cloudflare's
  // `<!--[if gt IE 8]><!-->` left `<!--` or `-->` in the quoted text once a tag stopped at `<`.
  // As a browser reads it, `<!-->` and `<!--->` are whole (empty) comments and `--!>` ends one
  // too (QA135: a page with `<!-->` before its text was quoted as nothing, `HTTP 502` alone).
  return dropTags(html).replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const hex = name[1] === 'x' || name[1] === 'X';
    const code = hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}

const COMMENT_END = /--!?>/g;
// A tag name ends at whitespace, `/` or `>`: `<script-x>` is a custom element, not a script (QA155).
const RAW_TEXT_OPEN = /<(script|style)(?=[\s/>])/iy;

/**
 * The text with its comments, script/style elements and tags replaced by a space, in one pass
 * from left to right, so what opens first wins: a `<!--` or `<script` inside a quoted attribute
 * value is part of that tag (QA150: `<a title="<!-- x">` took the rest of the page as a comment,
 * and the error's text was lost). A quoted attribute value (`="…"`, `='…'`) is part of its tag,
 * `<` and `>` in it too (QA138: `<a title="a<b">link</a>` read `<a title="a link`, and
 * `<img alt='x > y'>` left ` y'>`). Outside a quoted value a tag stops at the next `<` (QA127),
 * which is then read as text from there on. A quote with no closing one later in the page is an
 * ordinary character (remembered, so no later tag searches for it again): every character is
 * looked at a bounded number of times.
 */
function dropTags(text: string): string {
  const out: string[] = [];
  const unclosed = { '"': false, "'": false };
  let from = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    const next = text.charCodeAt(at + 1);
    const element =
      next === 0x21 /* ! */
        ? skipComment(text, at)
        : next === 0x73 || next === 0x53 /* s, S */
          ? skipRawText(text, at, unclosed)
          : undefined;
    const end = element ?? tagEnd(text, at, unclosed);
    if (end === -1) break;
    if (element === undefined && text[end] === '<') {
      // A tag that stopped at the next `<`: its text is read as text.
      out.push(text.slice(from, end));
      from = end;
      at = end;
      continue;
    }
    out.push(text.slice(from, at), ' ');
    from = end + 1;
    at = text.indexOf('<', from);
  }
  out.push(text.slice(from));
  return out.join('');
}

/** A comment opened at `at`: the index of its last character (the page's last for an unclosed one). */
function skipComment(text: string, at: number): number | undefined {
  if (!text.startsWith('<!--', at)) return undefined;
  if (text.startsWith('>', at + 4)) return at + 4;
  if (text.startsWith('->', at + 4)) return at + 5;
  COMMENT_END.lastIndex = at + 4;
  const close = COMMENT_END.exec(text);
  return close === null ? text.length - 1 : close.index + close[0].length - 1;
}

/**
 * A script or style element opened at `at`: the index of its end tag's `>` (else the page's last;
 * -1 when its start tag never ends, read as text as such a tag is).
 * Its contents start after its start tag, quoted attribute values included (QA153: a
 * `<script data-x="</script>">` closed in its own attribute, and the script's text was quoted).
 */
function skipRawText(text: string, at: number, unclosed: { '"': boolean; "'": boolean }): number | undefined {
  RAW_TEXT_OPEN.lastIndex = at;
  const open = RAW_TEXT_OPEN.exec(text);
  if (open === null) return undefined;
  // The closer is searched from where the start tag ends (its `>`, or the `<` it stops at), never
  // inside it, so no character is scanned twice: still linear (QA127).
  const startTagEnd = tagEnd(text, at, unclosed);
  if (startTagEnd === -1) return -1;
  // As a browser ends it: `</script` then whitespace, `/` or `>`, the end tag running to its `>`
  // (QA155: `</script foo>` or `</script/>` ended nothing, and the rest of the page was dropped),
  // past a `>` in a quoted attribute value (QA171: `</script foo=">">` left `">` in the text).
  const closer = new RegExp(`</${open[1]}(?=[\\s/>])`, 'gi');
  closer.lastIndex = text[startTagEnd] === '>' ? startTagEnd + 1 : startTagEnd;
  const close = closer.exec(text);
  if (close === null) return text.length - 1;
  const end = tagEnd(text, close.index, unclosed, false);
  return end === -1 ? text.length - 1 : end;
}

/**
 * Where the tag opened at `start` ends: its `>`, the `<` it stops at (unless `stopAtLt` is false:
 * a raw-text element's end tag, which a browser runs to its `>`), or -1 at the page's end.
 */
function tagEnd(
  text: string,
  start: number,
  unclosed: { '"': boolean; "'": boolean },
  stopAtLt = true,
): number {
  let last = '';
  for (let i = start + 1; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === '>' || (char === '<' && stopAtLt)) return i;
    if ((char === '"' || char === "'") && last === '=' && !unclosed[char]) {
      const close = text.indexOf(char, i + 1);
      if (close === -1) unclosed[char] = true;
      else i = close;
      last = char;
      continue;
    }
    if (!' \t\n\r\f'.includes(char)) last = char;
  }
  return -1;
}
