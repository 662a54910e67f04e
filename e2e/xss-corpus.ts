import type { Frame, Page } from '@playwright/test';

/**
 * The XSS corpus of e2e/xss.spec.ts (issue 20 item 6, decision 040): classic payloads, each of which,
 * if a page ever ran it, would be seen three ways: `alert(top.__xss='<id>')` opens a dialog and sets
 * `window.__xss` on the top page (frames reach it through `top`), and the `fetch` ones ask for a marker
 * URL on a host that does not exist. Short on purpose: many fields hold 80–120 characters.
 */

/** The host the fetch payloads call; the spec routes it, so any request to it is counted. */
export const MARKER_HOST = 'xss-marker.test';

/** What a payload runs: a dialog naming it, and the marker global set to its id. */
const run = (id: string) => `alert(top.__xss='${id}')`;
/** The same through the network: a request naming it. */
const beacon = (id: string) => `fetch('http://${MARKER_HOST}/${id}')`;

export type Payload = { id: string; html: string };

// The mutation-XSS payload comes last: its <style> keeps everything after it as text in a page that
// does not escape it, which would hide the others from the spec's own self-test.
export const XSS_CORPUS: readonly Payload[] = [
  { id: 'script', html: `<script>${run('script')}</script>` },
  { id: 'img', html: `<img src=x onerror="${run('img')}">` },
  { id: 'fetch', html: `<img src=x onerror="${beacon('fetch')}">` },
  { id: 'svgfetch', html: `<svg><script>${beacon('svgfetch')}</script></svg>` },
  { id: 'svg', html: `<svg onload="${run('svg')}"></svg>` },
  { id: 'link', html: `<a href="javascript:${run('link')}">go</a>` },
  { id: 'tab', html: `<a href="jav&#x09;ascript:${run('tab')}">t</a>` },
  { id: 'dq', html: `"><script>${run('dq')}</script>` },
  { id: 'sq', html: `'><img src=x onerror=${run('sq')}>` },
  { id: 'ta', html: `</textarea><svg onload=${run('ta')}></svg>` },
  { id: 'st', html: `</script><script>${run('st')}</script>` },
  { id: 'title', html: `</title><img src=x onerror=${run('title')}>` },
  { id: 'ent', html: `<img src=x onerror="&#97;lert(top.__xss='ent')">` },
  { id: 'srcdoc', html: `<iframe srcdoc="<script>${run('srcdoc')}</script>"></iframe>` },
  { id: 'tpl', html: `{{constructor.constructor('${run('tpl')}')()}}` },
  { id: 'tlit', html: `\${${run('tlit')}}` },
  { id: 'md', html: `[md](javascript:${run('md')})` },
  { id: 'css', html: `<p style="background:url(javascript:${run('css')})">c</p>` },
  { id: 'expr', html: `<p style="x:expression(${run('expr')})">e</p>` },
  { id: 'toggle', html: `<details open ontoggle="${run('toggle')}">` },
  { id: 'focus', html: `<input autofocus onfocus="${run('focus')}">` },
  { id: 'object', html: `<object data="javascript:${run('object')}">` },
  { id: 'meta', html: `<meta http-equiv=refresh content="0;url=javascript:${run('meta')}">` },
  { id: 'mxss', html: `<math><mtext><table><mglyph><style><img src=x onerror=${run('mxss')}>` },
];

/** The payload to use as a whole value, where a value must be a link (a call-to-action link). */
export const JAVASCRIPT_URL = `javascript:${run('url')}`;

/**
 * Payloads for a field that holds `maxLength` characters: as many as fit, starting at `offset` in the
 * corpus (so short fields across the walk together cover all of it), with a `prefix` that says which
 * field it is (a person reading a failure finds it) and makes the value unique where it must be.
 */
export function payloadsFor(maxLength: number, offset = 0, prefix = ''): string {
  let value = prefix;
  for (let step = 0; step < XSS_CORPUS.length; step += 1) {
    const payload = XSS_CORPUS[(offset + step) % XSS_CORPUS.length]!.html;
    const next = value ? `${value} ${payload}` : payload;
    if (next.length > maxLength) break;
    value = next;
  }
  return value;
}

/** Every payload, one a line: for multi-line fields of 2,000 characters or more. */
export const ALL_PAYLOADS = XSS_CORPUS.map((payload) => payload.html).join('\n');

/** The payloads an email template takes: `{{…}}` and `${…}` are its variable syntax, refused when unknown. */
export const TEMPLATE_PAYLOADS = XSS_CORPUS.filter((payload) => !['tpl', 'tlit'].includes(payload.id))
  .map((payload) => payload.html)
  .join('\n');

/** A place our data reached the DOM in a form a browser could run. */
export type DomFinding = { frame: string; what: string };

/**
 * What in a frame's DOM could run script from our data (every payload names the marker): an `on*`
 * attribute, a `javascript:`/`vbscript:`/`data:text/html` URL, a script element or `srcdoc` carrying
 * a payload, `expression(`/`javascript:` in a style, a meta refresh to `javascript:`. Runs in the page.
 */
function findingsInDocument(): string[] {
  const found: string[] = [];
  const marker = /__xss|xss-marker\.test/;
  // Browsers drop ASCII tab, newline and other controls from URLs, so `jav&#x09;ascript:` counts.
  const scriptUrl = /^(javascript|vbscript|data:text\/html)/i;
  const urlAttributes = new Set([
    'href',
    'src',
    'action',
    'formaction',
    'data',
    'xlink:href',
    'poster',
    'background',
  ]);
  const roots: (Document | ShadowRoot)[] = [document];
  for (let index = 0; index < roots.length; index += 1) {
    for (const element of Array.from(roots[index]!.querySelectorAll('*'))) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
      const tag = element.tagName.toLowerCase();
      for (const { name, value } of Array.from(element.attributes)) {
        const lower = name.toLowerCase();
        const compact = Array.from(value)
          .filter((character) => character.charCodeAt(0) > 0x20)
          .join('');
        if (lower.startsWith('on') && marker.test(value)) found.push(`<${tag} ${name}="${value}">`);
        // React's own stand-in for a blocked `javascript:` URL carries no marker, so it is not counted.
        if (urlAttributes.has(lower) && scriptUrl.test(compact) && marker.test(value))
          found.push(`<${tag} ${name}="${value}">`);
        // A frame whose sandbox forbids scripts may hold our text (the email preview); its document is
        // read as a frame of its own.
        const scriptsAllowed =
          !element.hasAttribute('sandbox') || /allow-scripts/.test(element.getAttribute('sandbox') ?? '');
        if (lower === 'srcdoc' && scriptsAllowed && marker.test(value))
          found.push(`<${tag} srcdoc="${value}">`);
        if (lower === 'style' && /expression\(|javascript:/i.test(compact) && marker.test(value))
          found.push(`<${tag} style="${value}">`);
        const refresh = element.getAttribute('http-equiv')?.toLowerCase() === 'refresh';
        if (lower === 'content' && refresh && /javascript:/i.test(compact) && marker.test(value))
          found.push(`<meta content="${value}">`);
      }
      // A script of ours is one whose code is a payload's; the page's own scripts carry our data only
      // as escaped JSON, which never starts a statement with it.
      if (
        tag === 'script' &&
        /^\s*(alert\(top\.__xss|fetch\('http:\/\/xss-marker)/.test(element.textContent ?? '')
      )
        found.push(`<script>${element.textContent}</script>`);
    }
  }
  return found;
}

/** Every finding in the page and its frames. */
export async function domFindings(page: Page): Promise<DomFinding[]> {
  const findings: DomFinding[] = [];
  for (const frame of page.frames()) {
    const inFrame = await evaluateQuietly(frame);
    findings.push(...inFrame.map((what) => ({ frame: frame.url() || '(inline)', what })));
  }
  return findings;
}

/** A frame that navigates away while we read it (a lazy iframe) is read as empty, not as a failure. */
async function evaluateQuietly(frame: Frame): Promise<string[]> {
  try {
    return await frame.evaluate(findingsInDocument);
  } catch (error) {
    if (frame.isDetached()) return [];
    throw error;
  }
}
