/**
 * Nothing unbounded enters the log (PROTOCOL.md wave 4, ARCHITECTURE.md rule 14): every field's
 * maximum is checked by the command's parser or rule with a German text naming the field and its
 * maximum; a command that changes nothing appends nothing and is accepted; events stored before a
 * limit existed still fold as they are.
 */
import type { QuizShowEvent } from '../../events';
import {
  DRAWING_MAX_POINTS,
  FIELD_MAXIMA,
  GREETING_MESSAGE_MAX_LENGTH,
  MAX_NAME_LENGTH,
  MESSAGE_MAX_LENGTH,
  SHOW_SETTINGS_LIMITS,
  fold,
  germanNumber,
  initialState,
} from '../../projections/live';
import { ANSWER_REGEX_MAX_LENGTH } from '../../projections/live/rules/answer-regex';
import { World } from '../support/world';
import { given } from './support/given';
import { show } from './support/fixtures';

const UUID = '0b6c7f0e-3f1a-4c7e-9d2b-1a2b3c4d5e6f';
const stroke = (extra: Record<string, unknown> = {}) => ({
  type: 'DrawStroke' as const,
  url: '',
  color: '#1a2b3c',
  startX: 1,
  startY: 2,
  endX: 3,
  endY: 4,
  ...extra,
});

describe('one table of maxima', () => {
  it('holds the existing limits too, so there is one place to read them', () => {
    expect([
      MAX_NAME_LENGTH,
      MESSAGE_MAX_LENGTH,
      GREETING_MESSAGE_MAX_LENGTH,
      ANSWER_REGEX_MAX_LENGTH,
      DRAWING_MAX_POINTS,
    ]).toEqual([
      FIELD_MAXIMA.name,
      FIELD_MAXIMA.message,
      FIELD_MAXIMA.greeting,
      FIELD_MAXIMA.answerRegex,
      FIELD_MAXIMA.drawingPoints,
    ]);
    expect(SHOW_SETTINGS_LIMITS.urlLength).toBe(FIELD_MAXIMA.settingsUrl);
    expect(germanNumber(10_000)).toBe('10.000');
    expect(germanNumber(254)).toBe('254');
  });
});

describe('team fields (gu, team creation)', () => {
  it('refuses a city over 100, a description over 1,000 and a url over 2,000 characters, naming the field', () => {
    const s = show();
    const gu = (fields: Record<string, string>) =>
      given(s.world).whenWire(
        { type: 'EditTeam', url: '', stadt: 'Köln', beschreibung: 'Wir', ...fields },
        s.world.as(s.anna),
      );
    gu({ stadt: 'x'.repeat(101) }).thenRejected('Die Stadt des Teams darf höchstens 100 Zeichen lang sein.');
    gu({ beschreibung: 'x'.repeat(1_001) }).thenRejected(
      'Die Beschreibung des Teams darf höchstens 1.000 Zeichen lang sein.',
    );
    gu({ url: `https://example.org/${'x'.repeat(2_000)}` }).thenRejected(
      'Die Bildadresse des Teams darf höchstens 2.000 Zeichen lang sein.',
    );
    gu({ stadt: 'x'.repeat(100), beschreibung: 'x'.repeat(1_000) }).thenEvents({ type: 'TeamEdited' });
  });

  it('takes an https address or an upload of the own team as the picture, nothing else', () => {
    const s = show();
    const gu = (url: string) =>
      given(s.world).whenWire({ type: 'EditTeam', url, stadt: 'Köln', beschreibung: 'Wir' }, s.world.as(s.anna));
    gu('https://example.org/logo.png').thenEvents({
      type: 'TeamEdited',
      data: { url: 'https://example.org/logo.png' },
    });
    gu(`team/${s.teamA}/${UUID}.png`).thenEvents({ type: 'TeamEdited' });
    const refused =
      'Die Bildadresse des Teams muss mit https:// beginnen oder ein Bild sein, das euer Team hochgeladen hat.';
    gu(`team/${s.teamB}/${UUID}.png`).thenRejected(refused);
    gu('http://example.org/logo.png').thenRejected(refused);
    gu('javascript:alert(1)').thenRejected(refused);
  });

  it('refuses the same at team creation', () => {
    const world = new World();
    const user = world.player('dora');
    given(world)
      .whenWire(
        { type: 'CreateTeam', name: 'Neu', password: 'pw-team', stadt: 'Köln', beschreibung: 'x'.repeat(1_001) },
        world.as(user),
      )
      .thenRejected('Die Beschreibung des Teams darf höchstens 1.000 Zeichen lang sein.');
    given(world)
      .whenWire(
        { type: 'CreateTeam', name: 'Neu', password: 'pw-team', stadt: 'Köln', beschreibung: 'Wir', url: 'logo.png' },
        world.as(user),
      )
      .thenRejected(
        'Die Bildadresse des Teams muss mit https:// beginnen oder ein Bild sein, das euer Team hochgeladen hat.',
      );
  });
});

describe('operator texts and the painting (mumm, ao, aff, mua)', () => {
  it('refuses HTML over 10,000 characters', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'SetUberMessage', message: 'x'.repeat(10_001) }, s.world.as(s.moderator))
      .thenRejected('Die Uber-Nachricht darf höchstens 10.000 Zeichen lang sein.');
    given(s.world)
      .whenWire({ type: 'SetOverviewMessage', message: 'x'.repeat(10_001) }, s.world.as(s.admin))
      .thenRejected('Die Übersichtsnachricht darf höchstens 10.000 Zeichen lang sein.');
    given(s.world)
      .whenWire({ type: 'SetFeatureFlags', flags: 'x'.repeat(10_001) }, s.world.as(s.admin))
      .thenRejected('Der Text der Feature-Flags darf höchstens 10.000 Zeichen lang sein.');
    given(s.world)
      .whenWire({ type: 'SetUberMessage', message: 'x'.repeat(10_000) }, s.world.as(s.moderator))
      .thenEvents({ type: 'UberMessageSet' });
  });

  it('takes a stroke with a #rrggbb colour and an https or uploaded picture of at most 2,000 characters', () => {
    const s = show();
    const mua = (extra: Record<string, unknown>) => given(s.world).whenWire(stroke(extra), s.world.as(s.moderator));
    mua({}).thenEvents({ type: 'PaintingStrokeDrawn' });
    mua({ url: `question/${s.teamA}/${UUID}.jpg` }).thenEvents({ type: 'PaintingStrokeDrawn' });
    mua({ color: 'red' }).thenRejected('Die Farbe des Strichs muss als #rrggbb angegeben werden (z. B. #1a2b3c).');
    mua({ color: 'x'.repeat(100_000) }).thenRejected(
      'Die Farbe des Strichs muss als #rrggbb angegeben werden (z. B. #1a2b3c).',
    );
    mua({ url: `https://example.org/${'x'.repeat(100_000)}` }).thenRejected(
      'Die Bildadresse des Strichs darf höchstens 2.000 Zeichen lang sein.',
    );
    mua({ url: 'bild.png' }).thenRejected(
      'Die Bildadresse des Strichs muss mit https:// beginnen oder ein hochgeladenes Bild sein.',
    );
  });

  it('refuses a stroke beyond 5,000 until the painting is cleared', () => {
    const s = show();
    const painted = Array.from({ length: FIELD_MAXIMA.paintingStrokes }, (_, i) => ({
      url: '',
      color: '#000000',
      startX: i,
      startY: 0,
      endX: i,
      endY: 1,
    }));
    s.world.append(
      painted.map((data, i) => storedEvent('PaintingStrokeDrawn', data, i)),
      'show',
    );
    given(s.world)
      .whenWire(stroke(), s.world.as(s.moderator))
      .thenRejected('Das Bild hat schon 5.000 Striche (höchstens 5.000). Bitte leere es zuerst.');
    s.world.must({ type: 'ClearPainting' }, s.world.as(s.moderator));
    given(s.world).whenWire(stroke(), s.world.as(s.moderator)).thenEvents({ type: 'PaintingStrokeDrawn' });
  });
});

describe('uploads', () => {
  it('refuses a label over 200 characters', () => {
    const s = show();
    const file = { mimeType: 'image/png', size: 1000, fileName: `user/${s.anna}/${UUID}.png` };
    given(s.world)
      .whenWire(
        { type: 'RecordUpload', kind: 'user', files: [file], fileName: 'x'.repeat(200_000) },
        s.world.as(s.anna),
      )
      .thenRejected('Der Name des Uploads darf höchstens 200 Zeichen lang sein.');
    given(s.world)
      .whenWire({ type: 'RecordUpload', kind: 'user', files: [file], fileName: '1920x1080' }, s.world.as(s.anna))
      .thenEvents({ type: 'UploadRecorded' });
  });
});

describe('a command that changes nothing appends nothing', () => {
  it('gu with the team as it is', () => {
    const s = show();
    const team = s.world.state.teams.get(s.teamA)!;
    given(s.world)
      .whenWire(
        { type: 'EditTeam', url: team.url, stadt: team.stadt, beschreibung: team.beschreibung },
        s.world.as(s.anna),
      )
      .thenNoEvents();
  });

  it("gu keeps a stored picture address that today's rule would refuse, as long as it is not changed", () => {
    const s = show();
    s.world.append(
      [storedEvent('TeamEdited', { teamId: s.teamA, url: 'alt.png', stadt: 'Köln', beschreibung: 'Wir' }, 0)],
      `team-${s.teamA}`,
    );
    given(s.world)
      .whenWire({ type: 'EditTeam', url: 'alt.png', stadt: 'Bonn', beschreibung: 'Wir' }, s.world.as(s.anna))
      .thenEvents({ type: 'TeamEdited', data: { url: 'alt.png', stadt: 'Bonn' } });
  });

  it('mumm, ao and aff with the text already set', () => {
    const s = show();
    s.world.must({ type: 'SetUberMessage', message: '<b>Pause</b>' }, s.world.as(s.moderator));
    s.world.must({ type: 'SetOverviewMessage', message: 'Willkommen' }, s.world.as(s.admin));
    s.world.must({ type: 'SetFeatureFlags', flags: '{"a":true}' }, s.world.as(s.admin));
    given(s.world)
      .whenWire({ type: 'SetUberMessage', message: '<b>Pause</b>' }, s.world.as(s.moderator))
      .thenNoEvents();
    given(s.world).whenWire({ type: 'SetOverviewMessage', message: 'Willkommen' }, s.world.as(s.admin)).thenNoEvents();
    given(s.world).whenWire({ type: 'SetFeatureFlags', flags: '{"a":true}' }, s.world.as(s.admin)).thenNoEvents();
  });

  it('asu with the value already set (registrations, heal and deal)', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'UpdateStateSetting', path: 'global.allowNewRegistrations', value: true }, s.world.as(s.admin))
      .thenNoEvents();
    given(s.world)
      .whenWire({ type: 'UpdateStateSetting', path: 'moderator.heal_deal.startHp', value: 10 }, s.world.as(s.admin))
      .thenNoEvents();
    given(s.world)
      .whenWire(
        { type: 'UpdateStateSetting', path: 'moderator.heal_deal.healingPerRound.2', value: 2 },
        s.world.as(s.admin),
      )
      .thenNoEvents();
    given(s.world)
      .whenWire(
        { type: 'UpdateStateSetting', path: 'moderator.heal_deal.healingPerRound.2', value: 5 },
        s.world.as(s.admin),
      )
      .thenEvents({ type: 'HealDealSettingChanged' });
  });

  it('muc on an empty painting, mp unpublishing what is not published', () => {
    const s = show();
    given(s.world).whenWire({ type: 'ClearPainting' }, s.world.as(s.moderator)).thenNoEvents();
    given(s.world).whenWire({ type: 'PublishPoints', publish: false }, s.world.as(s.moderator)).thenNoEvents();
  });

  it('the e-mail popup marked seen a second time', () => {
    const s = show();
    s.world.must({ type: 'MarkEmailPopupSeen', userId: s.anna }, s.world.as(s.anna));
    given(s.world).whenWire({ type: 'MarkEmailPopupSeen', userId: s.anna }, s.world.as(s.anna)).thenNoEvents();
  });

  it('the profile with its name, the roles, the block and the show settings as they are', () => {
    const s = show();
    given(s.world)
      .whenWire(
        { type: 'UpdateProfile', userId: s.anna, name: 'anna', newPassword: '', newPasswordRepeat: '' },
        s.world.as(s.anna),
      )
      .thenNoEvents();
    given(s.world)
      .whenWire({ type: 'SetUserRoles', userId: s.tester, roles: ['tester'] }, s.world.as(s.admin))
      .thenNoEvents();
    given(s.world).whenWire({ type: 'BlockUser', userId: s.anna, blocked: false }, s.world.as(s.admin)).thenNoEvents();
    given(s.world)
      .whenWire({ type: 'ChangeShowSettings', settings: s.world.state.showSettings }, s.world.as(s.admin))
      .thenNoEvents();
    given(s.world)
      .whenWire({ type: 'ChangeUberMode', modus: s.world.state.show.uberModus }, s.world.as(s.moderator))
      .thenNoEvents();
  });
});

describe("events stored with larger fields than today's limits", () => {
  it("fold unchanged: the limits are the commands', never the fold's", () => {
    const huge = 'ä'.repeat(100_000);
    const events = [
      storedEvent('UserRegistered', { userId: 'u1', login: huge, name: huge, email: huge, roles: [] }, 0),
      storedEvent(
        'TeamCreated',
        {
          teamId: 't1',
          name: 'Alt',
          stadt: huge,
          beschreibung: huge,
          url: huge,
          isNew: false,
          origin: 'dialog',
          expectedMembers: null,
          createdBy: 'u1',
          number: 1,
        },
        1,
      ),
      storedEvent('TeamEdited', { teamId: 't1', url: huge, stadt: huge, beschreibung: `${huge}!` }, 2),
      storedEvent('UberMessageSet', { message: huge }, 3),
      storedEvent('PaintingStrokeDrawn', { url: huge, color: huge, startX: 0, startY: 0, endX: 1, endY: 1 }, 4),
    ];
    const state = fold(events, initialState);
    expect(state.users.get('u1')!.login).toBe(huge);
    expect(state.teams.get('t1')).toMatchObject({ stadt: huge, beschreibung: `${huge}!`, url: huge });
    expect(state.show.uberMessage).toBe(huge);
    expect(state.show.painting[0]).toMatchObject({ url: huge, color: huge });
  });
});

/** An event as it lies in the store, written by an older version that had no limits. */
function storedEvent(type: string, data: Record<string, unknown>, index: number): QuizShowEvent {
  return {
    type,
    version: 1,
    data,
    metadata: {
      eventId: `old-${type}-${index}`,
      commandId: `old-${index}`,
      actor: { userId: null, roles: [] },
      recordedAt: Date.UTC(2025, 0, 1),
    },
  } as unknown as QuizShowEvent;
}
