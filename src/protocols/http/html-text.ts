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
  // A comment is dropped whole, in the same pass (QA133): `<!-- <b>x</b> -->` and Cloudflare's
  // `<!--[if gt IE 8]><!-->` left `<!--` or `-->` in the quoted text once a tag stopped at `<`.
  // As a browser reads it, `<!-->` and `<!--->` are whole (empty) comments and `--!>` ends one
  // too (QA135: a page with `<!-->` before its text was quoted as nothing, `HTTP 502` alone).
  const text = html.replace(
    /<!--(?:-?>|[\s\S]*?(?:--!?>|$))|<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi,
    ' ',
  );
  return dropTags(text).replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const hex = name[1] === 'x' || name[1] === 'X';
    const code = hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The text with its tags replaced by a space, in one pass. A quoted attribute value (`="…"`,
 * `='…'`) is part of its tag, `<` and `>` in it too (QA138: `<a title="a<b">link</a>` read
 * `<a title="a link`, and `<img alt='x > y'>` left ` y'>`). Outside a quoted value a tag stops at
 * the next `<` (QA127), which is then read as text from there on. A quote with no closing one
 * later in the page is an ordinary character (remembered, so no later tag searches for it again):
 * every character is looked at a bounded number of times.
 */
function dropTags(text: string): string {
  const out: string[] = [];
  const unclosed = { '"': false, "'": false };
  let from = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    const end = tagEnd(text, at, unclosed);
    if (end === -1) break;
    if (text[end] === '<') {
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

/** Where the tag opened at `start` ends: its `>`, the `<` it stops at, or -1 at the page's end. */
function tagEnd(text: string, start: number, unclosed: { '"': boolean; "'": boolean }): number {
  let last = '';
  for (let i = start + 1; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === '>' || char === '<') return i;
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
