/**
 * Lesson markdown -> safe HTML: `marked` (GitHub flavour, single line breaks kept) then DOMPurify. Links to other
 * sites open in a new tab without access to this one; images load lazily; video embeds are kept only from the
 * players the app's Content-Security-Policy allows (YouTube, Vimeo). A private DOMPurify instance, so these hooks
 * never affect other screens.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

const VIDEO_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com']);

let purifier: ReturnType<typeof DOMPurify> | null = null;

function isAllowedFrame(src: string | null): boolean {
  if (!src) return false;
  try {
    const url = new URL(src, window.location.href);
    return url.protocol === 'https:' && VIDEO_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

function isExternal(href: string): boolean {
  try {
    const url = new URL(href, window.location.href);
    return url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe' && node instanceof Element && !isAllowedFrame(node.getAttribute('src'))) {
      node.parentNode?.removeChild(node);
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    const tag = node.tagName;
    if (tag === 'A') {
      const href = node.getAttribute('href');
      if (href && isExternal(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        node.removeAttribute('target');
      }
    } else if (tag === 'IMG') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    } else if (tag === 'IFRAME') {
      node.setAttribute('loading', 'lazy');
      node.setAttribute('allowfullscreen', '');
      node.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      node.setAttribute(
        'allow',
        'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen',
      );
      node.removeAttribute('width');
      node.removeAttribute('height');
    }
  });
  purifier = instance;
  return instance;
}

/** Safe HTML for a lesson's markdown. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown ?? '', { async: false, gfm: true, breaks: true });
  const clean = getPurifier().sanitize(html, {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['target', 'allow', 'allowfullscreen', 'frameborder'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
  return wrapTables(clean);
}

/**
 * Every table inside a box that scrolls sideways (a wide table on a phone scrolls instead of breaking its words),
 * focusable so keyboard users can scroll it too (axe 'scrollable-region-focusable'). Applied to DOMPurify's output,
 * which is well-formed, so the tags pair up.
 */
function wrapTables(html: string): string {
  return html
    .replace(/<table\b/g, '<div class="table-scroll" tabindex="0"><table')
    .replace(/<\/table>/g, '</table></div>');
}
