/** Fusion teams: teams whose name starts with the prefix, joined without a password. */
export const FUSION_TEAM_PREFIX = 'Fusionsteam';
export const FUSION_TEAM_PASSWORD = '(none)';

export function isFusionTeam(name: string): boolean {
  return name.startsWith(FUSION_TEAM_PREFIX);
}
