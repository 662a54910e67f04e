import { Button, Paper, Stack, Text } from '@mantine/core';
import { CONTACT_LINK_DELAY_MS, MESSAGES } from '@offplan/shared';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { type ContactItem, contactItems } from '../../../config/contact.ts';
import { analytics } from '../../../lib/analytics/tracker.ts';

type ContactBlockProps = {
  productName: string;
  /** The external contact-us page (GET /api/site `contactUrl`). */
  contactUrl: string;
  /** Called on every contact click (mobile: the sidebar closes, spec §4). */
  onSelect?: () => void;
  /** Replaceable in tests. */
  openWindow?: (href: string) => void;
};

function openInNewTab(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

function ContactAction({
  item,
  onSelect,
  openWindow,
}: { item: ContactItem } & Omit<ContactBlockProps, 'productName' | 'contactUrl'>) {
  const common = { size: 'xs', variant: 'light', fullWidth: true } as const;
  if (!item.external) {
    // Internal pages are routes of this app (built by their own feature).
    const to = item.href as LinkProps['to'];
    return (
      <Button
        {...common}
        renderRoot={(props) => <Link {...props} to={to} />}
        onClick={() => {
          analytics.track(item.event);
          onSelect?.();
        }}
      >
        {item.action}
      </Button>
    );
  }
  return (
    <Button
      {...common}
      component="a"
      href={item.href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // The event is queued first; the tab opens a moment later (spec §2: after 100 ms).
        event.preventDefault();
        analytics.track(item.event);
        onSelect?.();
        window.setTimeout(() => (openWindow ?? openInNewTab)(item.href), CONTACT_LINK_DELAY_MS);
      }}
    >
      {item.action}
    </Button>
  );
}

/** Spec §2: the sidebar's block 'Get in touch with the {product} team' and its three contact items. */
export function ContactBlock({ productName, contactUrl, onSelect, openWindow }: ContactBlockProps) {
  const heading = MESSAGES.contactHeading(productName);
  return (
    <Paper withBorder p="sm" component="section" aria-label={heading}>
      <Stack gap="sm">
        <Text size="sm" fw={650}>
          {heading}
        </Text>
        {contactItems(contactUrl).map((item) => (
          <Stack key={item.id} gap={4}>
            <Text size="xs" c="dimmed">
              {item.question}
            </Text>
            <ContactAction item={item} onSelect={onSelect} openWindow={openWindow} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
