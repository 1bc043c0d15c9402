import { teamView } from '../../projections/live';
import { countThrough, exportedNight, userId, worldAfter } from '../support/exported-night';
import { SCHEDULER } from '../support/world';
import { given } from './support/given';

/**
 * The worked example of docs/testing.md. After the "Kurzer Abend" (exported with `npm run night --
 * export`), Die Füchse asked why Lyon was taken although Paris had their star. Replayed to the
 * moment the countdown started, the night answers: the favourite is locked in, not the starred one.
 */
const night = exportedNight('night-kurzer-abend.jsonl');
const countdownStarted = countThrough(night, (e) => e.type === 'CountdownStarted');

describe('the Kurzer Abend: which answer of Die Füchse was locked in', () => {
  it('given the night when the countdown started, then Die Füchse had Lyon as favourite and a star on Paris', () => {
    const { state } = worldAfter(night, countdownStarted);
    const foxes = state.teams.values().find((t) => t.name === 'Die Füchse')!;
    const view = teamView(state, foxes.id)!;
    // console.log(JSON.stringify(view, null, 2)) shows the whole team view, as the team's screens had it.
    const proposals = Object.values(view.proposals);
    expect(proposals.find((p) => p.message === 'Paris')).toMatchObject({ stars: 1 });
    expect(view.proposals[String(view.favorite)]).toMatchObject({ message: 'Lyon' });
  });

  it('when the countdown expires, then the favourite Lyon is locked in for Die Füchse and Marseille for the Eulen', () => {
    const world = worldAfter(night, countdownStarted);
    world.now = world.state.night!.countdown!.endsAt;
    const [, , lockedIn] = given(world)
      .when({ type: 'ExpireCountdown' }, SCHEDULER)
      .thenEvents(
        { type: 'CountdownExpired' },
        { type: 'QuestionEnded', data: { reason: 'countdown' } },
        { type: 'AnswersLockedIn' },
      );
    const answers = (lockedIn.data as { answers: Array<{ answer: string; author: string }> }).answers;
    expect(answers.map((a) => a.answer).sort()).toEqual(['Lyon', 'Marseille']);
    expect(answers.find((a) => a.answer === 'Lyon')!.author).toBe(userId(world.state, 'ben'));
  });

  it('when anna had made Paris the favourite before the countdown ended, then Paris would have been locked in', () => {
    const world = worldAfter(night, countdownStarted);
    const anna = userId(world.state, 'anna');
    const paris = Object.entries(teamView(world.state, world.state.users.get(anna)!.teamId!)!.proposals).find(
      ([, p]) => p.message === 'Paris',
    )![0];
    const chosen = given(world).whenWire({ type: 'ChooseFavourite', number: Number(paris) }, world.as(anna));
    chosen.thenEvents({ type: 'FavoriteChosen', data: { key: Number(paris), userId: anna } });
    chosen.andApply();
    world.now = world.state.night!.countdown!.endsAt;
    const [, , lockedIn] = world.must({ type: 'ExpireCountdown' }, SCHEDULER);
    expect((lockedIn.data as { answers: Array<{ answer: string }> }).answers.map((a) => a.answer).sort()).toEqual([
      'Marseille',
      'Paris',
    ]);
  });
});
