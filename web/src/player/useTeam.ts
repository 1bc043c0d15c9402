import { useAppSelector } from '../store';
import { selectImgPrefix, selectTeam } from '../store/selectors';
import type { ProposalView } from '../realtime/views';

export interface ProposalEntry extends ProposalView {
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
  const myId = useAppSelector((s) => s.live.views.user?.id ?? s.session.payload?.id ?? '');
  if (!team) return NO_PROPOSALS;
  const myStar = team.members[myId]?.star ?? null;
  return Object.entries(team.proposals)
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([key, proposal]) => ({
      ...proposal,
      key,
      // The server sends the author's name (`userId` is the id).
      author: proposal.user,
      starCount: proposal.stars,
      starredByMe: myStar !== null && String(myStar) === key,
      isFavorite: team.favorite !== null && String(team.favorite) === key,
    }));
}

export function useImageUrl(): (fileName: string) => string {
  const prefix = useAppSelector(selectImgPrefix);
  return (fileName) => (/^(https?:)?\//.test(fileName) ? fileName : `${prefix}${fileName}`);
}
