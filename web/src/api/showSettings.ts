/** The show settings over HTTP (PROTOCOL.md "Show settings"; the stream: docs/protocol.md). */
import type { ShowSettings } from '../../../events';
import { api, request } from './http';

export const SHOW_SETTINGS_STREAM = api('/show-settings/stream');

/** GET /api/show-settings (anyone). */
export function getShowSettings(): Promise<ShowSettings> {
  return request<ShowSettings>('GET', api('/show-settings'));
}

/** PUT /api/show-settings (admin): replaces them; 400 with the German text of what is wrong. */
export function saveShowSettings(settings: ShowSettings): Promise<ShowSettings> {
  return request<ShowSettings>('PUT', api('/show-settings'), settings);
}
