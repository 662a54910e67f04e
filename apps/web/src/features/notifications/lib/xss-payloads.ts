/**
 * Hostile message bodies: each tries to run code (setting window.__xss or opening a dialog) through
 * scripts, event handlers, javascript: links, SVG/MathML tricks, frames, forms, styles or mutation XSS.
 * The web tests render every one and assert nothing ran; e2e/notifications.spec.ts keeps its own copy.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img\'">',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:window.__xss=\'link\'">click me</a>',
  '<a href="JaVaScRiPt:window.__xss=\'case\'">case</a>',
  '<a href=" javascript:window.__xss=\'space\'">space</a>',
  '<a href="&#106;avascript:window.__xss=\'entity\'">entity</a>',
  '<svg onload="window.__xss=\'svg\'"><circle r="5"/></svg>',
  '<svg><script>window.__xss="svgscript"</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=\'xlink\'"><text y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
  '<iframe src="javascript:window.parent.__xss=\'iframe\'"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=\'srcdoc\'</script>"></iframe>',
  '<object data="javascript:window.__xss=\'object\'"></object>',
  '<embed src="javascript:window.__xss=\'embed\'">',
  '<form action="javascript:window.__xss=\'form\'"><button>go</button></form>',
  '<div onmouseover="window.__xss=\'hover\'" onclick="window.__xss=\'click\'">hover</div>',
  '<details open ontoggle="window.__xss=\'toggle\'"><summary>s</summary></details>',
  '<body onload="window.__xss=\'body\'">',
  '<input autofocus onfocus="window.__xss=\'focus\'">',
  '<video><source onerror="window.__xss=\'video\'"></video>',
  '<style>@import "javascript:window.__xss=\'css\'";</style><p style="background:url(javascript:alert(1))">css</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=\'meta\'">',
  '<base href="javascript:window.__xss=\'base\'//">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=\'noscript\'>">',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  '"><script>window.__xss="break"</script>',
];
