/**
 * Regression (QA127, review of 5871cd8): an HTML error page is read in time linear in its size.
 * The tag pattern `<[^>]*>` was tried from every `<` and ran to the page's end when no `>`
 * followed (and `<script…</script>` from every unclosed `<script`): a 500 page of 100 kB of `<`
 * held evalc's event loop ~5 s a call, timing out the other calls in flight; 1 MB, minutes. Real
 * loopback RAIP agent; the quoted text of a normal page is unchanged.
 *
 * QA133 (review of 3491ac0): an HTML comment is dropped whole from an error page's quoted text.
 * Once a tag stopped at the next `<`, `<!-- <b>x</b> -->` left `<!--` and `-->`, and Cloudflare's
 * conditional comments (`<!--[if gt IE 8]><!-->`) began the message with `<!--`.
 */
import { describe, expect, it } from 'vitest';
import { htmlErrorPages } from './html-error-page.js';

const failWith = htmlErrorPages();

describe('HTML error pages read in linear time (QA127)', () => {
  it('a page of 60 000 `<` without a `>` is quoted at once', async () => {
    const { message, ms } = await failWith(`<html>${'<'.repeat(60_000)}`);
    expect(message).toMatch(/invoke: HTTP 500/);
    expect(ms).toBeLessThan(1_000);
  }, 60_000);

  it('a page of 20 000 unclosed `<script` is quoted at once', async () => {
    const { message, ms } = await failWith(`<p>boom</p>${'<script '.repeat(20_000)}`);
    expect(message).toMatch(/invoke: HTTP 500: boom$/);
    expect(ms).toBeLessThan(1_000);
  }, 60_000);

  it('a normal page reads as before: tags, script and style dropped, entities decoded', async () => {
    const { message } = await failWith(
      '<html><head><style>p { color: red }</style><script>var a = "<b>";</script></head>' +
        '<body><h1>500</h1><p>Cannot read &#39;query&#39; &lt;x&gt;</p><script>x()</script ></body></html>',
    );
    expect(message).toMatch(/invoke: HTTP 500: 500 Cannot read 'query' <x>$/);
  });
});

describe('HTML comments in error pages (QA133)', () => {
  it("a Cloudflare 522 page's conditional comments are not quoted", async () => {
    const { message } = await failWith(
      '<!DOCTYPE html>\n<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->\n' +
        '<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->\n' +
        '<head><title>example.com | 522: Connection timed out</title></head>\n' +
        '<body><h1>Connection timed out</h1><span>Error code 522</span></body></html>',
    );
    expect(message).toMatch(
      /invoke: HTTP 500: example\.com \| 522: Connection timed out Connection timed out Error code 522$/,
    );
  });

  it('a comment holding tags or `>` is dropped whole; an unclosed one takes the rest', async () => {
    const { message } = await failWith(
      '<p>before</p><!-- <div>hidden</div> a > b --><p>after</p><!-- open <p>x',
    );
    expect(message).toMatch(/invoke: HTTP 500: before after$/);
  });

  it('10 MB of unclosed comments is quoted at once', async () => {
    const { message, ms } = await failWith(`<p>boom</p>${'<!--<p>'.repeat(1_500_000)}`);
    expect(message).toMatch(/invoke: HTTP 500: boom$/);
    // Megabytes: linear is ~0.3–0.8 s on a quiet machine (2.2 s once at load 8); quadratic would
    // not end within the test's 60 s.
    expect(ms).toBeLessThan(10_000);
  }, 60_000);
});

describe('HTML comments closed as a browser closes them (QA135, review of 55436e6)', () => {
  it('`<!-->` and `<!--->` are empty comments: the text after them is quoted', async () => {
    const { message } = await failWith(
      '<html><body><!--><h1>502 Bad Gateway</h1><!---><p>nginx</p></body></html>',
    );
    expect(message).toMatch(/invoke: HTTP 500: 502 Bad Gateway nginx$/);
  });

  it('`--!>` ends a comment; `<!---->` and `<!-- -- -->` are whole comments', async () => {
    const { message } = await failWith('<p>a</p><!-- x --!><p>b</p><!----><p>c</p><!-- -- --><p>d</p>');
    expect(message).toMatch(/invoke: HTTP 500: a b c d$/);
  });

  it('10 MB of `<!-->` and `--!>` comments is quoted at once', async () => {
    const { message, ms } = await failWith(`<p>boom</p>${'<!--><!-- --!>'.repeat(700_000)}<p>end</p>`);
    expect(message).toMatch(/invoke: HTTP 500: boom\s+end$/);
    // Megabytes: linear is ~0.3–0.8 s on a quiet machine (2.2 s once at load 8); quadratic would
    // not end within the test's 60 s.
    expect(ms).toBeLessThan(10_000);
  }, 60_000);
});
