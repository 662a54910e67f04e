export type MessageLink = { href: string; sameOrigin: boolean };

/**
 * A link found in a message, made safe to render: only http(s) addresses become anchors. Same-origin
 * links (verification, reset, invitation) open in this tab, like a user clicking them in the email.
 */
export function messageLink(value: string, origin = window.location.origin): MessageLink | null {
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return { href: url.href, sameOrigin: url.origin === origin };
}
