import { serverForSuite } from './support/suite';
import { ADMIN_PASSWORD, api, login, registerAndLogin } from './support/test-server';

/**
 * Over real sockets: a saved drawing (gz) comes back to the player on another device, and a team's
 * heal-and-deal choice reaches every member, a fresh socket too, never the other team.
 */
describe('saved drawings and heal-and-deal choices over the wire', () => {
  const suite = serverForSuite();
  const strokes = [
    {
      width: 4,
      color: '#222222',
      points: [
        [24, 48],
        [240, 120],
      ],
    },
  ];

  it('plays a drawing question and a heal-and-deal question', async () => {
    const adminToken = await login(suite.env.url, 'admin', ADMIN_PASSWORD);
    const quiz = await api(
      suite.env.url,
      'POST',
      '/api/quizzes',
      {
        name: 'Malquiz',
        yearWeek: '2026-48',
        content: [
          { type: 'zeichnen', round: 1, number: 1, category: 'Malen', question: 'Zeichnet einen Blitz!', answer: '' },
          {
            type: 'heal_deal',
            round: 1,
            number: 2,
            category: 'Heal and Deal',
            question: 'Heilt und teilt aus!',
            answer: '',
          },
        ],
      },
      adminToken,
    );
    const quizId = quiz.body.data.id as string;
    const anna = await registerAndLogin(suite.env.url, 'anna');
    const ben = await registerAndLogin(suite.env.url, 'ben');
    const clara = await registerAndLogin(suite.env.url, 'clara');
    const painters = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Pinsel', newPassword: 'p-team', stadt: 'Köln', beschreibung: 'x' },
      anna.token,
    );
    const rivals = await api(
      suite.env.url,
      'POST',
      '/api/teams',
      { name: 'Gegenwind', newPassword: 'g-team', stadt: 'Bonn', beschreibung: 'y' },
      clara.token,
    );
    const moderator = await suite.open(adminToken);
    const annaWs = await suite.open(anna.token);
    const benWs = await suite.open(ben.token);
    const claraWs = await suite.open(clara.token);
    expect(await benWs.request('gj', { id: painters.body.data.id, password: 'p-team' })).toMatchObject({
      success: true,
    });

    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 1 })).toMatchObject({ success: true });
    await annaWs.until((v) => v.global?.question?.type === 'zeichnen');
    expect(await annaWs.request('gz', { strokes: [{ width: 4, color: 'rot', points: [[1, 1]] }] })).toEqual({
      success: false,
      message: 'Die Zeichnung konnte nicht gelesen werden.',
    });
    expect(await annaWs.request('gz', { strokes })).toMatchObject({ success: true });
    expect(await annaWs.until((v) => v.user?.drawing)).toEqual(strokes);
    // Another device of anna's: its first snapshot holds the drawing; ben's own view has none.
    const annaPhone = await suite.open(anna.token);
    expect(annaPhone.views.user.drawing).toEqual(strokes);
    await benWs.sync();
    expect(benWs.views.user.drawing).toBeNull();

    expect(await moderator.request('mn')).toMatchObject({ success: true });
    expect(await moderator.request('ma', { quiz: quizId, round: 1, question: 2 })).toMatchObject({ success: true });
    await annaWs.until((v) => v.global?.question?.type === 'heal_deal' && v.user.drawing === null);
    expect(await benWs.request('ghd', { kind: 'deal', team: painters.body.data.id })).toEqual({
      success: false,
      message: 'Ein Team kann sich nicht selbst schaden.',
    });
    expect(await benWs.request('ghd', { kind: 'deal', team: rivals.body.data.id })).toMatchObject({ success: true });
    const dealt = { team: rivals.body.data.id, teamName: 'Gegenwind', amount: 1 };
    expect(await annaWs.until((v) => v.team?.healDeal?.deal)).toEqual(dealt);
    expect((await suite.open(ben.token)).views.team.healDeal).toEqual({
      round: 1,
      calculated: false,
      heal: null,
      deal: dealt,
    });
    await claraWs.sync();
    expect(claraWs.views.team.healDeal).toEqual({ round: 1, calculated: false, heal: null, deal: null });
  });
});
