import { Typography } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { sanitizeMessageFragment } from '../lib/sanitize.ts';

/**
 * Renders message HTML only after DOMPurify has made it inert (see lib/sanitize.ts). The sanitised
 * nodes are inserted as they are, never serialised and re-parsed, so no mutation XSS can slip in.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeMessageFragment(html));
  }, [html]);
  return (
    <Typography className={className} fz="sm" data-testid="message-html">
      <div ref={ref} />
    </Typography>
  );
}
