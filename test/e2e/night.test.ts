import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';

/**
 * A whole night over the wire: three players register, two teams form (one member joins by invite
 * token), the moderator starts a question, members propose, star and pick a favourite, the countdown
 * ends and favourites are locked in, a tester rates, the moderator publishes, every player sees the ranking.
 */
describe('a quiz night over HTTP and WebSocket', () => {
  const suite = serverForSuite();
  const open = (token: string) => suite.open(token);

  it('plays a question from start to published ranking', async () => {
    const adminToken = await login(suite.env.url, 'ADMIN', ADMIN_PASSWORD); // logins are case-insensitive
    const quiz = await api(
      suite.env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Testquiz',
        yearWeek: '2026-47',
        content: [
          {
            type: 'normal',
            round: 1,
            number: 1,
            category: '(2) Erdkunde',
            question: 'Hauptstadt von Frankreich?',
            answer: 'Paris',
          },
          {
            type: 'abcd',
            round: 1,
            number: 2,
            category: 'Tiere',
            question: 'Welches Tier bellt?',
            options: ['Katze', 'Hund'],
            answer: 'B',
          },
        ],
      },
      adminToken,
    );
    expect(quiz.status).toBe(201);
    const quizId = quiz.body.data.id as string;

    const anna = await registerAndLogin(suite.env.url, 'anna');
    const ben = await registerAndLogin(suite.env.url, 'ben');
    const clara = await registerAndLogin(suite.env.url, 'clara');

    const fuechse = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      {
        data: {
          type: 'teams',
          attributes: { name: 'Die Füchse', newPassword: 'fuchs-team', stadt: 'Köln', beschreibung: 'Schlau' },
        },
      },
      anna.token,
    );
    expect(fuechse.status).toBe(201);
    const eulen = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Eulen', newPassword: 'eule-team', stadt: 'Bonn', beschreibung: 'Nachtaktiv' },
      clara.token,
    );
    expect(eulen.status).toBe(201);
    const sameName = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'die füchse', newPassword: 'x-team', stadt: 'x', beschreibung: 'x' },
      ben.token,
    );
    expect(sameName).toMatchObject({
      status: 409,
      body: { errors: [{ detail: 'Konnte Gruppe nicht anlegen, da es den Namen bereits gibt.' }] },
    });

    const moderator = await open(adminToken);
    const annaWs = await open(anna.token);
    const benWs = await open(ben.token);
    const claraWs = await open(clara.token);

    const invite = await annaWs.request('gl');
    expect(invite).toMatchObject({ success: true, token: expect.any(String) });
    expect(await benWs.request('gi', { token: invite.token })).toMatchObject({ success: true });
    await benWs.until((v) => v.team?.name === 'Die Füchse');
    await annaWs.until((v) => v.team?.members?.[ben.userId]?.online === true);

    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    for (const player of [annaWs, benWs, claraWs]) {
      const question = await player.until((v) => v.global?.state === 'qa' && v.global.question);
      expect(question).toMatchObject({ question: 'Hauptstadt von Frankreich?', round: 1, number: 1 });
      expect(question.answer).toBeUndefined();
    }

    expect(await annaWs.request('gp', { message: 'Paris' })).toMatchObject({ success: true });
    expect(await benWs.request('gp', { message: 'Lyon' })).toMatchObject({ success: true });
    expect(await claraWs.request('gp', { message: 'Marseille' })).toMatchObject({ success: true });
    const parisKey = await benWs.until(
      (v) =>
        Object.entries(v.team.proposals as Record<string, { message: string }>).find(
          ([, p]) => p.message === 'Paris',
        )?.[0],
    );
    expect(await benWs.request('gs', { number: Number(parisKey) })).toMatchObject({ success: true });
    expect(await annaWs.request('gf', { number: Number(parisKey) })).toMatchObject({ success: true });
    await benWs.until((v) => v.team.favorite === Number(parisKey) && v.team.proposals[parisKey].stars === 1);
    const marseilleKey = await claraWs.until((v) => Object.keys(v.team.proposals)[0]);
    expect(await claraWs.request('gf', { number: Number(marseilleKey) })).toMatchObject({ success: true });
    await moderator.until((v) => v.moderator?.teamFavorites?.length === 2);

    expect(await moderator.request('mc', { time: 1 })).toMatchObject({ success: true });
    await claraWs.until((v) => v.global.state === 'qc' && v.global.countdownEndsAt);
    const taken = await benWs.until((v) => v.global.state === 'qn' && v.team.takenAnswer, 10_000);
    expect(taken).toEqual({ message: 'Paris', user: 'anna' });
    expect(await claraWs.until((v) => v.team.takenAnswer)).toEqual({ message: 'Marseille', user: 'clara' });
    expect(await claraWs.until((v) => v.global.question?.answer)).toBe('Paris');

    const checking = await moderator.request('ta', { quiz: quizId });
    expect(checking.success).toBe(true);
    const answers = checking.answers as Array<{ id: string; answer: string; teamId: string }>;
    expect(answers.map((a) => a.answer).sort()).toEqual(['Marseille', 'Paris']);
    const paris = answers.find((a) => a.answer === 'Paris')!;
    expect(await moderator.request('tua', { answerId: paris.id, value: 2, checked: true, liked: true })).toMatchObject({
      success: true,
    });

    const overview = await moderator.request('mup', { quiz: quizId });
    expect(overview).toMatchObject({ success: true, rounds: expect.any(Array), sortedTeams: expect.any(Array) });
    expect(await moderator.request('mp', { content: { publish: true } })).toMatchObject({ success: true });
    for (const player of [annaWs, benWs, claraWs]) {
      const ranking = await player.until(
        (v) => v.global.points?.sortedTeams?.length === 2 && v.global.points.sortedTeams,
      );
      expect(ranking[0]).toMatchObject({ name: 'Die Füchse' });
    }

    // The read side: the points table, the teams.txt export and the checker's answers agree with the live night.
    const points = await api(suite.env.url, 'GET', `/api/points/${quizId}`, undefined, clara.token);
    expect(points.status).toBe(200);
    expect(points.body.sortedTeams.map((t: { name: string; total: number }) => [t.name, t.total])).toEqual(
      overview.sortedTeams.map((t: { name: string; total: number }) => [t.name, t.total]),
    );
    expect(points.body.sortedTeams[0]).toMatchObject({ name: 'Die Füchse', total: 2, place: 1 });
    const txt = await fetch(`${suite.env.url}/api/points/${quizId}/teams.txt`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const bytes = Buffer.from(await txt.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('#QUIZSHOW-TEAMS\r\n02|00|00|Die Füchse|1\r\n00|00|00|Eulen|1\r\n');
    expect((await api(suite.env.url, 'GET', `/api/points/${quizId}/teams.txt`, undefined, clara.token)).status).toBe(
      403,
    );
    const quizAnswers = await api(
      suite.env.url,
      'GET',
      `/api/quiz-answers?filter[quiz_id]=${quizId}&include=user,team`,
      undefined,
      adminToken,
    );
    expect(
      quizAnswers.body.data
        .map((a: { attributes: { answer: string; points: number } }) => [a.attributes.answer, a.attributes.points])
        .sort(),
    ).toEqual([
      ['Marseille', 0],
      ['Paris', 2],
    ]);
    expect(quizAnswers.body.included).toEqual(
      expect.arrayContaining([{ type: 'teams', id: expect.any(String), attributes: { name: 'Eulen' } }]),
    );

    // Privacy over the whole night: clara (Eulen) never received the Füchse's proposals or chat,
    // nor the moderator's state, nor the answer while the question was open.
    const claraFrames = JSON.stringify(claraWs.frames);
    expect(claraFrames).not.toContain('Lyon');
    expect(claraFrames).not.toContain('"scope":"moderator"');
    const firstParis = claraWs.frames.find((f) => JSON.stringify(f).includes('Paris'));
    expect(firstParis).toMatchObject({ type: 'st', content: { scope: 'global' } });
    expect(firstParis!.content.patch).toEqual(
      expect.arrayContaining([
        { op: 'add', path: '/question/answer', value: 'Paris' },
        { op: 'replace', path: '/state', value: 'qn' },
      ]),
    );
  });
});
