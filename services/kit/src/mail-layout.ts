/**
 * The one e-mail layout (docs/decisions.md "One e-mail layout"). Services queue what a message says (subject, the
 * plain text, optionally an HTML body fragment); the send-mail worker wraps every message in this layout with the
 * community's name and colour (site content, read by auth's worker), so every e-mail has the same frame, an HTML
 * and a plain-text part, and the same footer. No templating library: the frame is a few table rows, and a renderer
 * of our own keeps the worker image free of a compiler and install scripts.
 */

export interface MailBrand {
  /** The community's name, in the header and the footer. */
  name: string;
  /** The header's and buttons' colour (#rrggbb). */
  primaryColor: string;
}

export const DEFAULT_MAIL_BRAND: MailBrand = { name: 'Rainmakers', primaryColor: '#1d4ed8' };

/** What the layout wraps: the message's own words. */
export interface MailContent {
  subject: string;
  text: string;
  /** The body as an HTML fragment (escaped by its author); made from the text when left out. */
  html?: string | undefined;
  /** An optional message's way out (broadcasts): shown in both parts' footer. */
  unsubscribeUrl?: string | undefined;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** A colour safe to put in a style attribute: a #rrggbb, else the default one. */
export const safeColour = (value: string): string => (HEX_COLOUR.test(value) ? value : DEFAULT_MAIL_BRAND.primaryColor);

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Escapes a line of text and turns the web addresses in it into links. */
function lineToHtml(line: string, colour: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:${colour}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** The plain text as HTML paragraphs: a blank line ends a paragraph, a line break stays one. */
export function textToHtml(text: string, colour = DEFAULT_MAIL_BRAND.primaryColor): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => lineToHtml(line, colour))
          .join('<br>')}</p>`,
    )
    .join('\n');
}

/** A button link for an HTML fragment, in the brand's colour (the layout fills in `{{brandColour}}`). */
export function mailButton(label: string, href: string): string {
  return (
    `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:{{brandColour}};` +
    `color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>`
  );
}

const UNSUBSCRIBE_TEXT = 'Unsubscribe from community broadcasts';

/** The message in the layout: the whole HTML document and the plain text, both with the brand's footer. */
export function renderMail(
  content: MailContent,
  brand: MailBrand = DEFAULT_MAIL_BRAND,
): { html: string; text: string } {
  const colour = safeColour(brand.primaryColor);
  const name = brand.name.trim() || DEFAULT_MAIL_BRAND.name;
  const body = (content.html ?? textToHtml(content.text, colour)).replaceAll('{{brandColour}}', colour);
  const footerLines = [`You are receiving this e-mail as a member of ${name}.`];
  const footerHtml = [`<p style="margin:0 0 6px">${escapeHtml(footerLines[0] ?? '')}</p>`];
  if (content.unsubscribeUrl) {
    footerLines.push(`${UNSUBSCRIBE_TEXT}: ${content.unsubscribeUrl}`);
    footerHtml.push(
      `<p style="margin:0"><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#6b7280">${UNSUBSCRIBE_TEXT}</a></p>`,
    );
  }
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">',
    `<tr><td style="background:${colour};padding:16px 24px;font-family:Arial,Helvetica,sans-serif;font-size:20px;font-weight:bold;color:#ffffff">${escapeHtml(name)}</td></tr>`,
    `<tr><td style="padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">\n${body}\n</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#6b7280">${footerHtml.join('')}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
  const text = [content.text.trimEnd(), '', '--', name, ...footerLines].join('\n');
  return { html, text };
}
