import { isSafeMessageLink, isSafeMessageThumbnail, type Notification } from '@offplan/shared';
import { hasHtml } from './has-html.ts';

/**
 * Spec §9 "In-app message rules": hidden if already read, trigger 'never', or no HTML; the rest in
 * priorityLevel ascending, then createdAt ascending (oldest first among equals).
 */
export function popupQueue(messages: readonly Notification[]): Notification[] {
  return messages
    .filter((message) => !message.read && message.trigger !== 'never' && hasHtml(message.customPayload.body))
    .sort(
      (a, b) =>
        a.priorityLevel - b.priorityLevel ||
        Date.parse(a.createdAt) - Date.parse(b.createdAt) ||
        a.campaignId - b.campaignId,
    );
}

/** Links in a message open in a new tab when they leave the portal; paths inside it stay in the tab. */
export function isExternalLink(link: string): boolean {
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    return new URL(link).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** Thumbnails: https or portal paths only, as the server checks. */
export function safeThumbnail(thumbnail: string | null | undefined): string | null {
  const value = thumbnail?.trim();
  return value && isSafeMessageThumbnail(value) ? value : null;
}

/** Only http(s) links and portal paths are followed (the server refuses others; this is belt and braces). */
export function safeLink(link: string | null | undefined): string | null {
  if (!link) return null;
  const value = link.trim();
  return isSafeMessageLink(value) ? value : null;
}
