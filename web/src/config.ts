/**
 * Deployment settings of the web app: API paths and the external addresses (stream, social media,
 * newsletter service). The external addresses are placeholders until the show's real ones are set.
 */
export const config = {
  apiPrefix: '/api',
  tokenEndpoint: '/api/token-auth/',
  wsPath: '/ws',
  streamUrl: 'https://www.twitch.tv/quizshow',
  supportUrl: 'https://www.paypal.com/',
  socialLinks: ['https://www.instagram.com/', 'https://www.youtube.com/', 'https://www.twitch.tv/'],
  newsletterAction: 'https://newsletter.example.invalid/subscribe',
  newsletterHoneypotName: 'b_honeypot',
  nextAppointmentsImage: '/next.svg',
  instructionImage: '/instruction.svg',
};
