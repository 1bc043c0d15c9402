import { useMemo } from 'react';
import { sanitizeOperatorHtml } from '../logic/operator-html';

/** HTML an operator wrote (uber or overview message), sanitised before it reaches the page. */
export function OperatorHtml({ html, className = 'server-message' }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeOperatorHtml(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}
