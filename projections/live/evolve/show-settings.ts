import type { ShowSettingsEvent } from '../../../events';
import { canonicalShowSettings } from '../rules/show-settings';
import type { Changes } from './writer';

export function evolveShowSettings(event: ShowSettingsEvent): Changes {
  return { showSettings: canonicalShowSettings(event.data.settings) };
}
