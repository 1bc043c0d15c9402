/** Small standard setups for the rule tests. */
import type { Question } from '../../../events';
import type { QuestionInput } from '../../../projections/live';
import { World } from '../../support/world';

export const q = (
  round: number,
  number: number,
  type: Question['type'] = 'normal',
  extra: Partial<QuestionInput> = {},
): QuestionInput => ({
  type,
  round,
  number,
  category: `(2) Kategorie ${round}.${number}`,
  question: `Frage ${round}.${number}?`,
  answer: `Antwort ${round}.${number}`,
  ...extra,
});

export interface Show {
  world: World;
  admin: string;
  moderator: string;
  tester: string;
  quizId: string;
  anna: string;
  bert: string;
  cleo: string;
  teamA: string;
  teamB: string;
}

/** An admin, a moderator, a tester, a quiz, and two teams: Anna and Bert in A, Cleo in B. */
export function show(content: QuestionInput[] = [q(1, 1), q(1, 2), q(2, 1)]): Show {
  const world = new World();
  const admin = world.addUser('admin', ['admin', 'moderator']);
  const moderator = world.addUser('moderator', ['moderator']);
  const tester = world.addUser('tester', ['tester']);
  const [created] = world.must({ type: 'CreateQuiz', name: 'Quiz', yearWeek: '2026-47', content }, world.as(moderator));
  const quizId = (created.data as { quizId: string }).quizId;
  const a = world.playerWithTeam('anna', 'Die Ahnungslosen');
  const bert = world.player('bert');
  world.joinTeam(bert, a.teamId);
  const b = world.playerWithTeam('cleo', 'Besserwisser');
  return {
    world,
    admin,
    moderator,
    tester,
    quizId,
    anna: a.userId,
    bert,
    cleo: b.userId,
    teamA: a.teamId,
    teamB: b.teamId,
  };
}

/** The show with question round/number open. */
export function showWithQuestion(content: QuestionInput[], round = 1, number = 1): Show {
  const s = show(content);
  s.world.must({ type: 'StartQuestion', quiz: s.quizId, round, question: number }, s.world.as(s.moderator));
  return s;
}
