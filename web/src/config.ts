/**
 * Deployment settings of the web app: API paths and the app's own pictures. Nothing about a show is
 * compiled in: stream, social links, newsletter, support link and dates are the admin's show
 * settings, read at run time (web/src/showSettings.ts).
 */
export const config = {
  apiPrefix: '/api',
  tokenEndpoint: '/api/token-auth/',
  wsPath: '/ws',
  /** The newsletter form's hidden honeypot field: bots fill it in, people do not see it. */
  newsletterHoneypotName: 'b_honeypot',
  instructionImage: '/instruction.svg',
};
