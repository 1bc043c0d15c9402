/** The admin's show settings (PUT /api/show-settings): read at the edge, replaced by one event. */
import {
  streams,
  type NextDate,
  type OverlayCorner,
  type OverlayLayout,
  type OverlayPart,
  type ShowSettings,
  type SocialLink,
} from '../../events';
import {
  DEFAULT_OVERLAY_LAYOUT,
  DEFAULT_SHOW_SETTINGS,
  sameShowSettings,
  showSettingsProblemOf,
  showSettingsProblemText,
  type LiveState,
} from '../../projections/live';
import { accept, draft, reject, type DecisionContext, type Rejection, type Verdict } from './decision';
import { ADMIN, showOnly, trimmed, type Entries, type ParserInput } from './entry';

/** PUT /api/show-settings: the whole settings, read and checked at the edge. */
export interface ChangeShowSettings {
  type: 'ChangeShowSettings';
  settings: ShowSettings;
}
/** The commands of this file, as their rules receive them: showSettingsEntries holds one entry for each. */
export type ShowSettingsCommand = ChangeShowSettings;

function entriesOf(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry) => (typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {}));
}

/**
 * The overlay's layout a request asks for: left out, the default; within it, a field left out takes
 * its default. Parts and corner read as text and the scale as a number rounded to hundredths; the
 * rule judges them (unknown parts, corners and scales are refused there, not dropped here).
 */
function overlayLayoutOf(value: unknown): OverlayLayout {
  if (typeof value !== 'object' || value === null) return DEFAULT_OVERLAY_LAYOUT;
  const o = value as Record<string, unknown>;
  return {
    parts: Array.isArray(o.parts)
      ? o.parts.map((part) => trimmed(part) as OverlayPart)
      : [...DEFAULT_OVERLAY_LAYOUT.parts],
    corner:
      o.corner === undefined || o.corner === null
        ? DEFAULT_OVERLAY_LAYOUT.corner
        : (trimmed(o.corner) as OverlayCorner),
    scale:
      o.scale === undefined || o.scale === null
        ? DEFAULT_OVERLAY_LAYOUT.scale
        : typeof o.scale === 'number'
          ? Math.round(o.scale * 100) / 100
          : Number.NaN,
  };
}

/**
 * The settings a request asks for. PUT replaces them: a field left out takes its default (unset,
 * or for the QR page's host the spec's "Olaf"). Shapes are the HTTP DTO's to check; what is sent
 * here anyway reads as text, a list or a flag, and the rules below judge it.
 */
function parseChangeShowSettings(c: ParserInput): ChangeShowSettings | Rejection {
  const socialLinks: SocialLink[] = entriesOf(c.socialLinks).map((e) => ({
    label: trimmed(e.label),
    url: trimmed(e.url),
  }));
  const nextDates: NextDate[] = entriesOf(c.nextDates).map((e) => ({ date: trimmed(e.date), title: trimmed(e.title) }));
  const settings: ShowSettings = {
    streamChannel: trimmed(c.streamChannel),
    streamUrl: trimmed(c.streamUrl),
    supportUrl: trimmed(c.supportUrl),
    newsletterUrl: trimmed(c.newsletterUrl),
    socialLinks,
    nextDates,
    qrHostName:
      c.qrHostName === undefined || c.qrHostName === null ? DEFAULT_SHOW_SETTINGS.qrHostName : trimmed(c.qrHostName),
    newsletterPopup: c.newsletterPopup === true,
    allowNewAccounts: c.allowNewAccounts !== false,
    showName: trimmed(c.showName),
    logo: trimmed(c.logo),
    // #5B3FD6 and #5b3fd6 are one colour: stored as the web app's colour input writes it.
    primaryColor: trimmed(c.primaryColor).toLowerCase(),
    overlay: overlayLayoutOf(c.overlay),
    imprint: trimmed(c.imprint),
    privacy: trimmed(c.privacy),
  };
  const problem = showSettingsProblemOf(settings);
  return problem ? reject(showSettingsProblemText(problem)) : { type: 'ChangeShowSettings', settings };
}

/** The same settings again change nothing (a repeated save appends no event). */
export function changeShowSettings(state: LiveState, { settings }: ChangeShowSettings, ctx: DecisionContext): Verdict {
  if (sameShowSettings(state.showSettings, settings)) return accept(streams.show);
  return accept(streams.show, draft('ShowSettingsChanged', { settings, changedBy: ctx.actor.userId }));
}

export const showSettingsEntries = {
  ChangeShowSettings: { access: ADMIN, parse: parseChangeShowSettings, boundary: showOnly, rule: changeShowSettings },
} satisfies Entries<ShowSettingsCommand>;
