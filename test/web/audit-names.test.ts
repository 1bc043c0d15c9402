/**
 * "Every rating, audit line and replay row names the real person": Kontrolleure with accounts of their
 * own (roles given by an admin, not a shared login) rate; the log records each one's user id, and the
 * audit and the replay rows show each one's display name.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { QuizShowEvent } from '../../events';
import { buildAudit, testerRatings, testersOf } from '../../web/src/replay/audit';
import { AuditPanel } from '../../web/src/replay/AuditPanel';
import { actorName, describeEvent, userName } from '../../web/src/replay/describe';
import { SCHEDULER, World } from '../support/world';

function nightWithTwoTesters() {
  const world = new World('n');
  const admin = world.addUser('admin', ['admin', 'moderator']);
  const [quiz] = world.must(
    {
      type: 'CreateQuiz',
      name: 'Quiz',
      yearWeek: '2026-47',
      content: [{ type: 'normal', round: 1, number: 1, question: 'Hauptstadt?', answer: 'Paris' }],
    },
    world.as(admin),
  );
  const quizId = (quiz.data as { quizId: string }).quizId;
  const ida = world.player('ida');
  const jan = world.player('jan');
  world.must({ type: 'UpdateProfile', userId: ida, name: 'Ida Kontrolle' }, world.as(ida));
  world.must({ type: 'UpdateProfile', userId: jan, name: 'Jan Prüfer' }, world.as(jan));
  for (const tester of [ida, jan])
    world.must({ type: 'SetUserRoles', userId: tester, roles: ['tester'] }, world.as(admin));
  const team = world.playerWithTeam('anna', 'Eulen');
  world.must({ type: 'StartQuestion', quiz: quizId, round: 1, question: 1 }, world.as(admin));
  world.must({ type: 'AddProposal', message: 'Paris' }, world.as(team.userId));
  world.must({ type: 'StartCountdown', time: 5 }, world.as(admin));
  world.tick(6000);
  const [locked] = world.must({ type: 'ExpireCountdown' }, SCHEDULER).filter((e) => e.type === 'AnswersLockedIn');
  const answerId = (locked!.data as { answers: { answerId: string }[] }).answers[0]!.answerId;
  world.tick(1000);
  world.must({ type: 'RateAnswerAbsolute', answerId, value: 1, checked: true, liked: false }, world.as(ida));
  world.tick(1000);
  world.must({ type: 'RateAnswerAbsolute', answerId, value: 2, checked: true, liked: true }, world.as(jan));
  return { world, ida, jan, teamId: team.teamId };
}

describe('ratings name the real Kontrolleur', () => {
  it("each rating records the tester's own user id, as the rater and as the actor", () => {
    const { world, ida, jan } = nightWithTwoTesters();
    const ratings = world.log.filter(
      (e): e is Extract<QuizShowEvent, { type: 'AnswerRated' }> => e.type === 'AnswerRated',
    );
    expect(ratings.map((e) => [e.data.testerId, e.metadata.actor.userId])).toEqual([
      [ida, ida],
      [jan, jan],
    ]);
  });

  it('the audit lists both testers by their display names, each with their own ratings', () => {
    const { world, ida, jan, teamId } = nightWithTwoTesters();
    const audit = buildAudit(world.log);
    expect(testersOf(audit)).toEqual([ida, jan]);
    expect(testersOf(audit).map((id) => userName(audit.state, id))).toEqual(['Ida Kontrolle', 'Jan Prüfer']);
    expect(testerRatings(audit, ida).map((r) => r.points)).toEqual([1]);
    expect(testerRatings(audit, jan).map((r) => r.points)).toEqual([2]);
    const html = renderToString(createElement(AuditPanel, { audit, names: audit.state, initialTeam: teamId }));
    expect(html).toContain('Ida Kontrolle um');
    expect(html).toContain('Jan Prüfer um');
  });

  it('the replay rows name who rated and who gave the roles', () => {
    const { world } = nightWithTwoTesters();
    const names = world.state;
    const rows = world.log
      .filter((e) => e.type === 'AnswerRated' || e.type === 'UserRolesChanged')
      .map((e) => `${actorName(e, names)}: ${describeEvent(e, names)}`);
    expect(rows).toEqual([
      'admin: Rollen von Ida Kontrolle geändert: keine Rollen → Kontrolle',
      'admin: Rollen von Jan Prüfer geändert: keine Rollen → Kontrolle',
      'Ida Kontrolle: Ida Kontrolle bewertet „Paris“ (Eulen): 1 Punkte',
      'Jan Prüfer: Jan Prüfer bewertet „Paris“ (Eulen): 2 Punkte, gelikt',
    ]);
  });
});
