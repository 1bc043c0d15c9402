import { useAppSelector } from '../store';
import { selectImgPrefix, selectTeam } from '../store/selectors';
import type { Proposal } from '../realtime/views';

export interface ProposalEntry extends Proposal {
  key: string;
  author: string;
  starCount: number;
  starredByMe: boolean;
  isFavorite: boolean;
}

const NO_PROPOSALS: ProposalEntry[] = [];

/** The team's proposals in order, with author names, star counts and the favourite marked. */
export function useProposals(): ProposalEntry[] {
  const team = useAppSelector(selectTeam);
  const myId = useAppSelector((s) => (s.live.views.user ? String(s.live.views.user.id) : s.session.payload?.id ?? ''));
  if (!team?.proposals) return NO_PROPOSALS;
  const members = team.members ?? {};
  return Object.entries(team.proposals)
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([key, proposal]) => {
      const starCount = typeof proposal.stars === 'number'
        ? proposal.stars
        : Object.values(members).filter((m) => m.star !== null && m.star !== undefined && String(m.star) === key).length;
      return {
        ...proposal,
        key,
        author: members[String(proposal.user)]?.name ?? String(proposal.user),
        starCount,
        starredByMe: members[myId]?.star !== undefined && members[myId]?.star !== null && String(members[myId]?.star) === key,
        isFavorite: team.favorite !== null && team.favorite !== undefined && String(team.favorite) === key,
      };
    });
}

export function useImageUrl(): (fileName: string) => string {
  const prefix = useAppSelector(selectImgPrefix);
  return (fileName) => (/^(https?:)?\//.test(fileName) ? fileName : `${prefix}${fileName}`);
}

export function memberName(team: { members?: Record<string, { name: string }> } | null, user: string | number): string {
  return team?.members?.[String(user)]?.name ?? String(user);
}
