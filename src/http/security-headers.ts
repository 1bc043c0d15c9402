import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Where the stream embed (web/src/components/StreamEmbed.tsx) loads its player and chat from. */
export const STREAM_EMBED_ORIGINS = ['https://player.twitch.tv', 'https://www.twitch.tv'] as const;

/**
 * The Content-Security-Policy of every response: scripts only from the app's own files (no inline
 * script, no eval), nothing embedded but the stream, no plugins, not framed
 * by other sites (forms may post to the newsletter service). Images only from this origin, data: and blob: (uploads are
 * fetched with the token and shown as object URLs): another host's image in a team logo or an uber message would be a
 * tracking pixel counting the players (docs/decisions/hostile-crowd-second-round.md).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // React's style attributes and Swagger UI's; styles cannot run script, and images are fenced by img-src.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: [...STREAM_EMBED_ORIGINS],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // No form-action: the newsletter forms post to the mailing-list service the admin sets (any address);
  // operator HTML cannot bring forms (the sanitiser drops them).
  frameAncestors: ["'self'"],
  // A local trial runs over plain http: upgrading would break it; behind TLS the proxy sends HSTS.
  upgradeInsecureRequests: null,
};

/** helmet's usual headers (nosniff, frame options, referrer policy, HSTS over https, no X-Powered-By) with our CSP. */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Embeds (the stream) and images from other sites (question pictures) must still load.
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * Answers of the API are not stored by browsers or proxies unless a handler says otherwise (uploads
 * and the show's look do): answers carrying a token (a login, a renewal, a password change, a reset)
 * must never sit in a cache.
 */
export function apiNoStore(): RequestHandler {
  return (request, response, next) => {
    if (request.path.startsWith('/api/')) response.setHeader('Cache-Control', 'no-store');
    next();
  };
}
