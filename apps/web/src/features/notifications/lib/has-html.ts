/**
 * Spec §9 "no html": a body with no markup at all is not a pop-up message. Kept apart from
 * sanitize.ts so deciding which messages pop up does not bring DOMPurify onto every page.
 */
export function hasHtml(body: string): boolean {
  return /<[a-z][^>]*>/i.test(body);
}
