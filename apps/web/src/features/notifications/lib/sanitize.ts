import DOMPurify, { type Config } from 'dompurify';

/** Links a message may carry: http(s), mail, or a path inside the portal. Nothing else (javascript:, data:, …). */
const SAFE_LINK = /^(?:https?:|mailto:|\/(?![/\\])|#)/i;
/** Images: http(s) or a path inside the portal. */
const SAFE_IMAGE = /^(?:https?:|\/(?![/\\]))/i;

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** Our own DOMPurify instance, so its hooks touch nothing else in the app. */
function getPurifier() {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href !== null && !SAFE_LINK.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src');
      if (src !== null && !SAFE_IMAGE.test(src.trim())) node.removeAttribute('src');
    }
  });
  purifier = instance;
  return instance;
}

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
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
    'base',
    'meta',
    'link',
    'template',
    'video',
    'audio',
    'source',
    // Raw-text elements whose content parses differently in a live page than in the sanitiser's
    // inert document (mutation XSS, e.g. an <img onerror> hidden in a <noscript> attribute).
    'noscript',
    'noembed',
    'noframes',
    'xmp',
    'plaintext',
    'title',
    'listing',
  ],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'background', 'xlink:href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: true,
  // A message's id/name attributes get a `user-content-` prefix, so they cannot shadow `window.x` or
  // `document.x` (DOM clobbering) in the live page the nodes are inserted into.
  SANITIZE_NAMED_PROPS: true,
};

/**
 * Message HTML made inert: HTML profile only (no SVG or MathML), no scripts, event handlers, styles,
 * forms, frames or embeds, no clobbering ids/names, and only http(s)/mailto/relative links and images.
 */
export function sanitizeMessageHtml(html: string): string {
  return getPurifier().sanitize(html, CONFIG);
}

/**
 * The same, as DOM nodes to insert directly: nothing is serialised and parsed again in the live page,
 * so markup cannot change meaning between the sanitiser and the page.
 */
export function sanitizeMessageFragment(html: string): DocumentFragment {
  return getPurifier().sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}

/** The words of a message body, for plain-text display: parsed inert (nothing loads or runs), tags dropped. */
export function messageText(html: string): string {
  const clean = sanitizeMessageHtml(html).replace(
    /<\/(?:p|div|li|h[1-6]|tr|blockquote)>|<br\s*\/?>/gi,
    '$&\n',
  );
  const doc = new DOMParser().parseFromString(clean, 'text/html');
  return (doc.body.textContent ?? '')
    .replace(/[ \t\r\f]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}
