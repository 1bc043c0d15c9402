import type { EventEnvelope } from './envelope';

/** A link to one of the show's social media pages, with the text shown for it. */
export interface SocialLink {
  label: string;
  url: string;
}

/** A coming quiz night: its day (ISO `yyyy-mm-dd`) and what it is. */
export interface NextDate {
  date: string;
  title: string;
}

/** The parts of the stream overlay (its page /overlay/<token>) an admin may show or hide. */
export type OverlayPart = 'question' | 'countdown' | 'ranking' | 'uber' | 'qr';
/** The corner of the overlay's ranking and join QR code. */
export type OverlayCorner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** How the stream overlay is laid out: which parts show, the corner of the ranking and QR code, its scale (1 = 1920x1080 as designed). */
export interface OverlayLayout {
  parts: OverlayPart[];
  corner: OverlayCorner;
  scale: number;
}

/**
 * What configures a show at run time (PROTOCOL.md "Show settings"). Unset is the empty string or
 * the empty list: the web app then hides that link, form or embed.
 */
export interface ShowSettings {
  /** The Twitch channel of the live stream (the embed in splitscreen mode). */
  streamChannel: string;
  /** The page of the live stream (the navbar's stream link). */
  streamUrl: string;
  /** Where to support or tip the show. */
  supportUrl: string;
  /** The mailing-list service the newsletter forms post to. */
  newsletterUrl: string;
  socialLinks: SocialLink[];
  nextDates: NextDate[];
  /** Beyond PROTOCOL.md's list: whose laptop the QR team page says is offline ("Olafs Laptop ..."). */
  qrHostName: string;
  /** Beyond PROTOCOL.md's list: the newsletter sign-up popup shows while this is on. */
  newsletterPopup: boolean;
  /** POST /api/users registers new accounts while true (the default); an admin closes it during a bot wave. Absent in older events: true. */
  allowNewAccounts: boolean;
  /**
   * The show's own look (PROTOCOL.md wave 4): its name (header, page title, overlay, manifest; empty:
   * "Quiztool"), its logo (a stored upload of kind show; empty: none), its primary colour (`#rrggbb`
   * with white text readable on it; empty: the app's). Absent in older events: unset.
   */
  showName: string;
  logo: string;
  primaryColor: string;
  /** The stream overlay's layout. Absent in older events: every part, bottom right, scale 1. */
  overlay: OverlayLayout;
  /**
   * The show's Impressum and Datenschutzerklärung (PROTOCOL.md wave 5): HTML the admin writes,
   * sanitised where shown (/impressum, /datenschutz), at most 20,000 characters each. Absent in
   * older events: empty (the admin screen warns while the Impressum is).
   */
  imprint: string;
  privacy: string;
}

/** The admin replaced the show settings (the whole object); `changedBy` is the admin's user id. */
export type ShowSettingsChanged = EventEnvelope<
  'ShowSettingsChanged',
  1,
  { settings: ShowSettings; changedBy: string | null }
>;

export type ShowSettingsEvent = ShowSettingsChanged;
