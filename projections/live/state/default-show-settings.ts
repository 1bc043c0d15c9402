/** What a fresh show's settings are: the live state starts with them, the rules fall back on them. */
import type { OverlayLayout, OverlayPart, ShowSettings } from '../../../events';

/** The spec's QR page reads "Olafs Laptop ist im Moment nicht verbunden." until the admin names another host. */
export const DEFAULT_QR_HOST_NAME = 'Olaf';

/** The stream overlay's parts, in the order the layout lists them. */
export const OVERLAY_PARTS: readonly OverlayPart[] = ['question', 'countdown', 'ranking', 'uber', 'qr'];
/** Everything shown, the ranking and QR code bottom right, at the designed size. */
export const DEFAULT_OVERLAY_LAYOUT: OverlayLayout = { parts: [...OVERLAY_PARTS], corner: 'bottom-right', scale: 1 };

/** A fresh show: nothing set (every link, form and embed hidden), the spec's host on the QR page. */
export const DEFAULT_SHOW_SETTINGS: ShowSettings = {
  streamChannel: '',
  streamUrl: '',
  supportUrl: '',
  newsletterUrl: '',
  socialLinks: [],
  nextDates: [],
  qrHostName: DEFAULT_QR_HOST_NAME,
  newsletterPopup: false,
  allowNewAccounts: true,
  showName: '',
  logo: '',
  primaryColor: '',
  overlay: DEFAULT_OVERLAY_LAYOUT,
  imprint: '',
  privacy: '',
};
