/**
 * QA153: in an HTML error page, a script or style element's contents start after its start tag,
 * and a quoted attribute value is part of that tag (QA138, QA150): `<script data-x="</script>">`
 * closed the element inside its own attribute, so the script's code was quoted as the error's
 * text. The closer is now searched from the start tag's end, which keeps the reading linear (a
 * page whose every start tag opens a quote closed only at its end is read at once). Real
 * loopback RAIP agent.
 *
 * QA155 (review of 90dd9b7): the element's start and end tags are read as a browser reads them.
 * Its end tag is `</script` then whitespace, `/` or `>`, running to its `>`: `</script foo>` and
 * `</script/>` ended nothing, so the rest of the page, the error's text, was dropped as script.
 * Its tag name ends at whitespace, `/` or `>`: `<script-x>` (a custom element) was read as a
 * script, and the page's text after it was dropped.
 */
import { describe, expect, it } from 'vitest';
import { htmlErrorPages } from './html-error-page.js';

const failWith = htmlErrorPages();

describe('a script or style closer inside its start tag (QA153)', () => {
  it('`</script>` in a quoted attribute of the script does not end it', async () => {
    const { message } = await failWith(
      `<p>Internal error</p><script data-x="</script>">var gone = 1;</script><style title='</style>'>p{}</style><p>Database connection refused</p>`,
    );
    expect(message).toMatch(/invoke: HTTP 500: Internal error Database connection refused$/);
  });

  it('a megabyte of start tags whose quotes close only at the page end is read at once', async () => {
    const { message, ms } = await failWith(`<p>boom</p>${`<script a='x" b="</script>`.repeat(40_000)}'"`);
    expect(message).toMatch(/invoke: HTTP 500: boom /);
    // Linear: milliseconds; scanning each start tag to the page end would take minutes.
    expect(ms).toBeLessThan(10_000);
  });
});

describe('script and style tags as a browser reads them (QA155)', () => {
  it('an end tag with attributes or a slash ends the element', async () => {
    const { message } = await failWith(
      `<p>Internal error</p><script>var a = 1;</script foo="x"><style>p{}</style/><p>Database connection refused</p>`,
    );
    expect(message).toMatch(/invoke: HTTP 500: Internal error Database connection refused$/);
  });

  it('a custom element named script-… or style-… is no script', async () => {
    const { message } = await failWith(
      `<p>Internal error</p><script-x>Database</script-x><style-y>refused</style-y>`,
    );
    expect(message).toMatch(/invoke: HTTP 500: Internal error Database refused$/);
  });

  it('a megabyte of end tags that never close is read at once', async () => {
    const { message, ms } = await failWith(`<p>boom</p><script>${'</script '.repeat(100_000)}`);
    expect(message).toMatch(/invoke: HTTP 500: boom$/);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);
});
