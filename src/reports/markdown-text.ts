/** Escaping of data placed in GitHub-flavoured Markdown and in its inline HTML. */
import { showControlChars } from './control-chars.js';

/** Escapes Markdown syntax (and `|` for table cells); newlines become spaces. */
export function escapeMarkdown(text: string): string {
  return showControlChars(
    text
      .replace(/\r?\n|\r/g, ' ')
      .replace(/[\\`*_{}[\]()<>#+!|~&]/g, (c) =>
        c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : `\\${c}`,
      ),
  );
}

/** Inline code that survives backticks in the data. */
export function code(text: string): string {
  const clean = showControlChars(text.replace(/\r?\n|\r/g, ' ').replace(/\|/g, '\\|'));
  return clean.includes('`') ? `\`\` ${clean} \`\`` : `\`${clean}\``;
}

export function escapeHtml(text: string): string {
  return showControlChars(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
