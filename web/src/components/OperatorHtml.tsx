import { useMemo } from 'react';
import { sanitizeOperatorHtml } from '../logic/operator-html';

/** HTML an operator wrote (uber or overview message), sanitised where it reaches the page. */
export function OperatorHtml({ html, className = 'server-message' }: { html: string; className?: string }) {
  // Sanitised right here, next to the one place that inserts it; again only when the HTML changes.
  const sanitized = useMemo(() => sanitizeOperatorHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitized }} />;
}
