import { sanitizeOperatorHtml } from '../logic/operator-html';

/** HTML an operator wrote (uber or overview message), sanitised where it reaches the page. */
export function OperatorHtml({ html, className = 'server-message' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(html) }} />;
}
