/**
 * Plays a whole quiz night through the deciders, deterministically: 3 rounds with every question
 * type, 12 teams, 40 players, proposals, stars, favourites, quizzle, ratings, heal-and-deal, ship
 * correction and the published ranking. Its log is checked in as events/recordings/night-1.jsonl.
 */
import type { QuestionType } from '../../events';
import { teamPlay, type QuestionInput, type Viewer } from '../../projections/live';
import { pick, seededRandom } from './random';
import { VISITOR, SCHEDULER, World } from './world';

export const TEAM_NAMES = [
  'Die Ahnungslosen',
  'Besserwisser',
  'Quizgurus',
  'Fusionsteam 1',
  'Kölsche Köpfe',
  'Tischlein deck dich',
  'Die Schlaumeier',
  'Rätselratten',
  'Team Toast',
  'Die Wissenden',
  'Hirn ohne Hut',
  'Late Night Nerds',
];

const QUESTIONS: (QuestionInput & { type: QuestionType })[] = [
  {
    type: 'normal',
    round: 1,
    number: 1,
    category: '(2) Geografie',
    question: 'Hauptstadt von Kanada?',
    answer: 'Ottawa',
  },
  {
    type: 'abcd',
    round: 1,
    number: 2,
    category: 'Musik',
    question: 'Wer sang "Atemlos"?',
    answer: 'B',
    options: ['Nena', 'Helene Fischer', 'Sarah Connor', 'Lena'],
  },
  {
    type: 'zeichnen',
    round: 1,
    number: 3,
    category: '(3) Malen',
    question: 'Zeichnet ein Nilpferd',
    answer: 'Nilpferd',
  },
  { type: 'instruction', round: 1, number: 4, category: 'Anleitung', question: 'So geht Runde 2', answer: '' },
  { type: 'selfie', round: 2, number: 1, category: 'Selfie', question: 'Ein Selfie mit Hut', answer: 'Hut' },
  {
    type: 'quizzle',
    round: 2,
    number: 2,
    category: '(3) Quizzle',
    question: 'Welches Bauwerk ist gesucht?',
    answer: 'Eiffelturm',
  },
  { type: 'schiffe', round: 2, number: 3, category: 'Schiffe versenken', question: 'Lager und Plündern', answer: '' },
  { type: 'heal_deal', round: 2, number: 4, category: 'Heal and Deal', question: 'Heilen oder schaden?', answer: '' },
  {
    type: 'normal',
    round: 3,
    number: 1,
    category: 'Film',
    question: 'Regisseur von "Metropolis"?',
    answer: 'Fritz Lang',
  },
  { type: 'heal_deal', round: 3, number: 2, category: 'Heal and Deal', question: 'Letzte Runde', answer: '' },
  {
    type: 'finale',
    round: 3,
    number: 3,
    category: '(5) Finale',
    question: 'Wie hoch ist die Zugspitze (m)?',
    answer: '2962',
  },
];

const GUESSES: Record<string, string[]> = {
  '1.1': ['Ottawa', 'Toronto', 'Vancouver', 'ottawa'],
  '1.2': ['A', 'B', 'C', 'D'],
  '1.3': ['nilpferd-1.png', 'nilpferd-2.png'],
  '2.1': ['hut-1.png', 'hut-2.png'],
  '2.2': ['Eiffelturm', 'Big Ben', 'Brandenburger Tor'],
  '3.1': ['Fritz Lang', 'Murnau', 'Fritz Lang!'],
  '3.3': ['2962', '3000', '2800', '2950'],
};

export interface RecordedNight {
  world: World;
  quizId: string;
  teamIds: string[];
  playerIds: string[];
  /** One viewer per scope whose views the golden test compares. */
  viewers: Record<string, Viewer>;
}

export function recordNight(): RecordedNight {
  const world = new World('n1');
  const random = seededRandom(20261120);
  const admin = world.addUser('admin', ['admin', 'moderator']);
  const moderator = world.addUser('olaf', ['moderator']);
  const testers = [world.addUser('kontrolle-1', ['tester']), world.addUser('kontrolle-2', ['tester'])];
  const as = (id: string) => world.as(id);
  const [quizCreated] = world.must(
    { type: 'CreateQuiz', name: 'Quiz am Freitag', yearWeek: '2026-47', content: QUESTIONS },
    as(moderator),
  );
  const quizId = (quizCreated.data as { quizId: string }).quizId;

  // 40 players in 12 teams: four teams of 4, eight of 3.
  const playerIds: string[] = [];
  const teamIds: string[] = [];
  const members: string[][] = [];
  let n = 0;
  TEAM_NAMES.forEach((name, t) => {
    const size = t < 4 ? 4 : 3;
    const founder = world.player(`spieler${++n}`);
    playerIds.push(founder);
    const [created] = world.must(
      {
        type: 'CreateTeam',
        name,
        password: `team-pw${t}`,
        stadt: pick(random, ['Köln', 'Berlin', 'Hamburg']),
        beschreibung: `Team ${t + 1}`,
      },
      as(founder),
    );
    const teamId = (created.data as { teamId: string }).teamId;
    teamIds.push(teamId);
    members.push([founder]);
    const [invite] = world.must({ type: 'CreateTeamInvite' }, as(founder));
    for (let i = 1; i < size; i++) {
      const player = world.player(`spieler${++n}`);
      playerIds.push(player);
      if (name.startsWith('Fusionsteam'))
        world.must({ type: 'JoinTeam', id: teamId, password: '(none)', passwordOk: false }, as(player));
      else if (i === 1)
        world.must({ type: 'JoinTeamByInvite', inviteId: (invite.data as { inviteId: string }).inviteId }, as(player));
      else world.must({ type: 'JoinTeam', id: teamId, password: `team-pw${t}`, passwordOk: true }, as(player));
      members[t].push(player);
    }
    world.must(
      {
        type: 'EditTeam',
        url: `https://logos.example/${t + 1}.png`,
        stadt: 'Köln',
        beschreibung: `Wir sind Team ${t + 1}`,
      },
      as(founder),
    );
    world.tick(7_000);
  });

  world.must({ type: 'SetOverviewMessage', message: 'Heute: drei Runden, alle Fragearten.' }, as(admin));
  world.must({ type: 'UpdateStateSetting', path: 'moderator.heal_deal.startHp', value: 5 }, as(admin));
  world.must({ type: 'ChangeUberMode', modus: 'pre' }, as(moderator));
  world.must({ type: 'PostLobbyChat', message: 'Willkommen zum Quiz!' }, as(moderator));
  world.must({ type: 'PostLobbyChat', message: 'Wir sind bereit' }, as(playerIds[0]));
  world.must({ type: 'SubmitGreeting', username: 'Oma Erna', message: 'Viel Glück allen!' }, VISITOR);
  world.must({ type: 'ShowInstructions' }, as(moderator));
  world.tick(60_000);
  world.must({ type: 'ChangeUberMode', modus: 'quiz' }, as(moderator));

  const answerIdsByQuestion: Record<string, string[]> = {};
  QUESTIONS.forEach((question, index) => {
    const key = `${question.round}.${question.number}`;
    if (index === 0) world.must({ type: 'StartQuestion', quiz: quizId, round: 1, question: 1 }, as(moderator));
    else world.must({ type: 'StartNextQuestion' }, as(moderator));
    world.tick(5_000);

    members.forEach((team, t) => {
      if (question.type === 'instruction') return;
      if (question.type === 'heal_deal') {
        const target = teamIds[(t + 1 + Math.floor(random() * 10)) % teamIds.length];
        world.run(
          { type: 'ChooseHealDeal', kind: 'deal', team: target === teamIds[t] ? teamIds[(t + 1) % 12] : target },
          as(team[0]),
        );
        world.run({ type: 'ChooseHealDeal', kind: 'heal', team: teamIds[t] }, as(team[1]));
        return;
      }
      if (t === 11 && key === '3.1') return; // one team gives no answer at all
      const proposers = team.slice(0, 1 + Math.floor(random() * team.length));
      for (const player of proposers) {
        world.tick(1_000);
        let message =
          question.type === 'schiffe'
            ? `Lager: ${pick(random, ['A', 'B', 'C'])}${1 + Math.floor(random() * 3)}\nPlündern: ${pick(random, ['A', 'B', 'C'])}${1 + Math.floor(random() * 3)}`
            : pick(random, GUESSES[key]);
        if (question.type === 'zeichnen' || question.type === 'selfie') {
          const [upload] = world.must(
            {
              type: 'RecordUpload',
              kind: 'question',
              files: [{ fileName: `${t}-${message}`, mimeType: 'image/png', size: 20_000 }],
            },
            as(player),
          );
          message = (upload.data as { fileNames: string[] }).fileNames[0];
        }
        world.must({ type: 'AddProposal', message }, as(player));
      }
      world.must({ type: 'AddTeamChat', message: 'Ich glaube, das passt.' }, as(team[team.length - 1]));
      const play = teamPlay(world.state, world.state.teams.get(teamIds[t])!);
      const answers = play.proposals.filter((p) => !p.chat);
      for (const member of team)
        if (random() < 0.6) world.must({ type: 'ToggleStar', number: pick(random, answers).key }, as(member));
      if (t % 4 !== 3) world.must({ type: 'ChooseFavourite', number: pick(random, answers).key }, as(team[0]));
    });

    if (question.type === 'quizzle') {
      world.must({ type: 'OfferQuizzle', number: 1 }, as(members[1][0]));
      world.must({ type: 'RejectQuizzle' }, as(moderator));
      const winner = members.findIndex((_team, t) =>
        teamPlay(world.state, world.state.teams.get(teamIds[t])!).proposals.some((p) => p.message === 'Eiffelturm'),
      );
      const winnerPlay = teamPlay(world.state, world.state.teams.get(teamIds[winner])!);
      const proposal = winnerPlay.proposals.find((p) => p.message === 'Eiffelturm')!;
      world.must({ type: 'OfferQuizzle', number: proposal.key }, as(members[winner][0]));
      world.must({ type: 'ChooseFavourite', number: proposal.key }, as(members[winner][0]));
      world.must({ type: 'AcceptQuizzle' }, as(moderator));
    }

    if (index % 2 === 0) {
      world.must({ type: 'StartCountdown', time: 30 }, as(moderator));
      world.tick(30_000);
      const [, , locked] = world.must({ type: 'ExpireCountdown' }, SCHEDULER);
      answerIdsByQuestion[key] = (locked.data as { answers: { answerId: string }[] }).answers.map((a) => a.answerId);
    } else {
      world.tick(20_000);
      const [, locked] = world.must({ type: 'EndQuestion' }, as(moderator));
      answerIdsByQuestion[key] = (locked.data as { answers: { answerId: string }[] }).answers.map((a) => a.answerId);
    }
    if (question.type === 'heal_deal') world.must({ type: 'CalculateHealDeal' }, as(admin));
    if (question.type === 'schiffe')
      world.must({ type: 'CorrectShipQuestion', quiz: quizId, round: 2, question: 3 }, as(admin));
    world.tick(10_000);
  });

  // The checkers rate what was locked in.
  world.must({ type: 'StartChecking', quiz: quizId }, as(testers[0]));
  world.must({ type: 'StartChecking', quiz: quizId }, as(testers[1]));
  world.must(
    { type: 'RegexBulkRate', quiz: quizId, round: 1, question: 1, regex: '^ottawa$', points: 2, mark: 'correct' },
    as(moderator),
  );
  world.must(
    { type: 'RegexBulkRate', quiz: quizId, round: 1, question: 1, regex: 'toronto|vancouver', mark: 'wrong' },
    as(moderator),
  );
  for (const [key, ids] of Object.entries(answerIdsByQuestion)) {
    if (key === '1.1' || key === '2.3') continue;
    const question = QUESTIONS.find((q) => `${q.round}.${q.number}` === key)!;
    ids.forEach((answerId, i) => {
      const answer = world.state.answers.get(answerId)!;
      const right =
        answer.answer.toLowerCase().includes(String(question.answer).toLowerCase()) && question.answer !== '';
      world.must(
        { type: 'RateAnswerAbsolute', answerId, value: right ? 2 : 0, checked: true, liked: i % 5 === 0 },
        as(testers[i % 2]),
      );
    });
  }
  const firstFinale = answerIdsByQuestion['3.3'][0];
  if (firstFinale)
    world.must(
      { type: 'RateAnswerRelative', answerId: firstFinale, change: 1, checked: true, liked: true },
      as(testers[0]),
    );

  world.must({ type: 'PublishPoints', content: { publish: true } }, as(moderator));
  world.must({ type: 'ChangeUberMode', modus: 'post' }, as(moderator));
  world.must({ type: 'SetUberMessage', message: 'Danke fürs Mitspielen!' }, as(moderator));

  const viewers: Record<string, Viewer> = {
    visitor: { userId: null, roles: [] },
    moderator: world.as(moderator),
    tester: world.as(testers[0]),
  };
  members.forEach((team, t) => {
    viewers[`team-${t + 1}-player`] = world.as(team[0]);
  });
  return { world, quizId, teamIds, playerIds, viewers };
}
