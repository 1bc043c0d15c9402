import createDOMPurify, { type WindowLike } from 'dompurify';

/**
 * HTML that operators write (the uber message `mumm`, the overview message `ao`) is sanitised where it
 * is rendered, by DOMPurify: formatting, images and links stay; scripts, event handlers, styles (which
 * can load things: `url(...)`, `@import`), frames, embedded objects and forms go. Every renderer of
 * operator HTML imports sanitizeOperatorHtml from here (components/OperatorHtml.tsx).
 */
const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'link',
    'meta',
    'base',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'background', 'ping'],
  ALLOW_DATA_ATTR: false,
};

/** A sanitiser bound to a window's DOM (the page's, or jsdom's in tests). */
export function operatorHtmlSanitizer(window: WindowLike): (html: string) => string {
  const purify = createDOMPurify(window);
  // Links open outside the show and cannot reach back into it (window.opener); images come only from
  // our own uploads (or are inline data): another host's image is a tracking pixel counting the players.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG' && !ownImage(node.getAttribute('src') ?? '')) node.removeAttribute('src');
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.removeAttribute('rel'); // set afresh, in one order: sanitising twice gives the same text
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html) => purify.sanitize(html, CONFIG);
}

/** An image source of this show: an upload (`/api/uploads/…`, the page's origin) or an inline image. */
export function ownImage(src: string): boolean {
  return (
    (/^\/api\/uploads\/[\w./-]+$/.test(src) && !src.includes('..')) || /^data:image\/(png|jpeg|gif|webp);/i.test(src)
  );
}

let inPage: ((html: string) => string) | null = null;

/**
 * Operator HTML made safe to insert. Without a DOM (server-side rendering in tests) there is nothing to
 * sanitise with: the text is given without any markup (tags dropped, everything escaped).
 */
export function sanitizeOperatorHtml(html: string): string {
  if (typeof window === 'undefined' || typeof window.document === 'undefined') return textOnly(html);
  inPage ??= operatorHtmlSanitizer(window);
  return inPage(html);
}

function textOnly(html: string): string {
  return html.replace(/<[^>]*>?/g, '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
