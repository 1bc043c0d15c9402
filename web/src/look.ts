/**
 * The show's own look on the page (PROTOCOL.md wave 4): its name as the page title, its primary
 * colour as the app's (the CSS variables of styles.css, derived shades mixed in CSS) and as the
 * browser's theme colour. Unset, the page keeps the app's defaults.
 */
import type { ShowSettings } from '../../events';
import { primaryColorOf, showNameOf } from '@live/rules/show-settings';

const DERIVED = ['--primary', '--primary-strong', '--primary-soft', '--topbar-start', '--focus'] as const;

/** The CSS variables of a primary colour: the shades styles.css uses beside it, mixed from it. */
export function primaryColorVariables(color: string): Record<(typeof DERIVED)[number], string> {
  return {
    '--primary': color,
    '--primary-strong': `color-mix(in srgb, ${color} 78%, black)`,
    '--primary-soft': `color-mix(in srgb, ${color} 12%, white)`,
    '--topbar-start': `color-mix(in srgb, ${color} 48%, black)`,
    '--focus': `0 0 0 3px color-mix(in srgb, ${color} 40%, transparent)`,
  };
}

export function applyLook(
  settings: Pick<ShowSettings, 'showName' | 'primaryColor'>,
  root: HTMLElement = document.documentElement,
): void {
  document.title = showNameOf(settings);
  if (settings.primaryColor) {
    for (const [name, value] of Object.entries(primaryColorVariables(settings.primaryColor)))
      root.style.setProperty(name, value);
  } else {
    for (const name of DERIVED) root.style.removeProperty(name);
  }
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primaryColorOf(settings));
}
