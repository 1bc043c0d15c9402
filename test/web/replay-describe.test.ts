/**
 * describeEvent covers every event type: the samples are typed per type, so adding an event type
 * to the union fails to compile here (and in describe.ts) until it is described.
 */
import { EVENT_TYPES, type EventMetadata, type EventOfType, type EventType, type QuizShowEvent } from '../../events';
import { evolve, initialState, type LiveState } from '@live';
import { actorName, describeEvent, formatDuration, formatTime, shorten } from '../../web/src/replay/describe';

const at = Date.UTC(2026, 10, 20, 19, 30, 5, 42);
const meta = (userId: string | null = 'u1'): EventMetadata => ({
  eventId: 'e',
  commandId: 'c',
  actor: { userId, roles: [] },
  recordedAt: at,
});
const question = {
  type: 'normal' as const,
  round: 2,
  number: 3,
  category: '(2) Erdkunde',
  question: 'Hauptstadt?',
  answer: 'Paris',
  points: -1,
  options: [],
  extraInfo: {},
};
const points = {
  rounds: [1],
  sortedTeams: [{ teamId: 't1', name: 'Eulen', rounds: [3], total: 3, rank: 1, place: 1 }],
};

type Samples = { [T in EventType]: EventOfType<T> };

const samples: Samples = {
  UserRegistered: {
    type: 'UserRegistered',
    version: 1,
    data: { userId: 'u1', login: 'anna', name: 'Anna', email: null, roles: ['tester'] },
    metadata: meta(null),
  },
  UserProfileUpdated: {
    type: 'UserProfileUpdated',
    version: 1,
    data: { userId: 'u1', name: 'Anna B.' },
    metadata: meta(),
  },
  UserPasswordChanged: { type: 'UserPasswordChanged', version: 1, data: { userId: 'u1' }, metadata: meta() },
  EmailPopupSeen: { type: 'EmailPopupSeen', version: 1, data: { userId: 'u1', seenAt: at }, metadata: meta() },
  LoginLinkCreated: { type: 'LoginLinkCreated', version: 1, data: { linkId: 'l1', userId: 'u1' }, metadata: meta() },
  UserRolesChanged: {
    type: 'UserRolesChanged',
    version: 1,
    metadata: meta(),
    data: {
      userId: 'u1',
      roles: ['moderator', 'tester'],
      previousRoles: ['tester'],
      changedBy: { kind: 'admin', userId: 'u1' },
    },
  },
  UserTokensRevoked: { type: 'UserTokensRevoked', version: 1, data: { userId: 'u1' }, metadata: meta() },
  UserBlocked: {
    type: 'UserBlocked',
    version: 1,
    data: { userId: 'u1', blocked: true, blockedBy: 'u1' },
    metadata: meta(),
  },
  UserErased: { type: 'UserErased', version: 1, data: { userId: 'u2', by: 'u1' }, metadata: meta() },
  PasswordResetLinkCreated: {
    type: 'PasswordResetLinkCreated',
    version: 1,
    data: { linkId: 'l2', userId: 'u1', by: null },
    metadata: meta(null),
  },
  UserEmailChanged: {
    type: 'UserEmailChanged',
    version: 1,
    data: { userId: 'u1', email: 'anna@example.de' },
    metadata: meta(),
  },
  TeamCreated: {
    type: 'TeamCreated',
    version: 3,
    metadata: meta(),
    data: {
      teamId: 't1',
      name: 'Eulen',
      stadt: 'Bonn',
      beschreibung: '',
      url: '',
      isNew: false,
      origin: 'dialog',
      expectedMembers: null,
      createdBy: 'u1',
      number: 1,
    },
  },
  TeamJoined: { type: 'TeamJoined', version: 1, data: { teamId: 't1', userId: 'u1', via: 'invite' }, metadata: meta() },
  TeamEdited: {
    type: 'TeamEdited',
    version: 1,
    data: { teamId: 't1', url: '', stadt: 'Köln', beschreibung: 'x' },
    metadata: meta(),
  },
  TeamInviteCreated: {
    type: 'TeamInviteCreated',
    version: 1,
    data: { inviteId: 'i1', teamId: 't1' },
    metadata: meta(),
  },
  TeamDeleted: { type: 'TeamDeleted', version: 1, data: { teamId: 't1' }, metadata: meta() },
  QuizCreated: {
    type: 'QuizCreated',
    version: 1,
    data: { quizId: 'q1', name: 'Freitagsquiz', yearWeek: '2026-47', content: [question], origin: 'form' },
    metadata: meta(),
  },
  QuizEdited: {
    type: 'QuizEdited',
    version: 1,
    data: { quizId: 'q1', name: 'Freitagsquiz', yearWeek: '2026-47', content: [question] },
    metadata: meta(),
  },
  TieBreakQuestionAdded: {
    type: 'TieBreakQuestionAdded',
    version: 1,
    data: { quizId: 'q1', question: { ...question, round: 4, number: 1 } },
    metadata: meta(),
  },
  NightStarted: {
    type: 'NightStarted',
    version: 1,
    data: { nightId: 'n1', quizId: 'q1', previousNightId: null },
    metadata: meta(),
  },
  QuestionStarted: {
    type: 'QuestionStarted',
    version: 1,
    data: { nightId: 'n1', quizId: 'q1', round: 2, number: 3, question, mode: 'team' },
    metadata: meta(),
  },
  CountdownStarted: {
    type: 'CountdownStarted',
    version: 1,
    data: { nightId: 'n1', seconds: 30, endsAt: at + 30_000 },
    metadata: meta(),
  },
  CountdownExpired: { type: 'CountdownExpired', version: 1, data: { nightId: 'n1', endsAt: at }, metadata: meta(null) },
  QuestionEnded: {
    type: 'QuestionEnded',
    version: 1,
    data: { nightId: 'n1', quizId: 'q1', round: 2, number: 3, reason: 'countdown' },
    metadata: meta(null),
  },
  AnswersLockedIn: {
    type: 'AnswersLockedIn',
    version: 2,
    metadata: meta(null),
    data: {
      nightId: 'n1',
      quizId: 'q1',
      round: 2,
      number: 3,
      answers: [
        {
          answerId: 'a1',
          teamId: 't1',
          userId: null,
          answer: 'Paris',
          author: 'u1',
          proposalKey: 1,
          basis: 'favourite',
        },
      ],
    },
  },
  LiveGameReset: {
    type: 'LiveGameReset',
    version: 1,
    data: { nightId: 'n1', quizId: 'q1', round: 1, number: 1 },
    metadata: meta(),
  },
  QuizzleAccepted: {
    type: 'QuizzleAccepted',
    version: 1,
    data: { nightId: 'n1', teamId: 't1', proposalKey: 2, answer: 'Eiffelturm' },
    metadata: meta(),
  },
  QuizzleRejected: {
    type: 'QuizzleRejected',
    version: 1,
    data: { nightId: 'n1', teamId: 't1', proposalKey: 2 },
    metadata: meta(),
  },
  ProposalAdded: {
    type: 'ProposalAdded',
    version: 1,
    data: { teamId: 't1', key: 2, userId: 'u1', message: 'Paris', chat: false },
    metadata: meta(),
  },
  ProposalDeleted: {
    type: 'ProposalDeleted',
    version: 1,
    data: { teamId: 't1', key: 2, userId: 'u1' },
    metadata: meta(),
  },
  FavoriteChosen: {
    type: 'FavoriteChosen',
    version: 1,
    data: { teamId: 't1', key: 2, userId: 'u1' },
    metadata: meta(),
  },
  StarToggled: { type: 'StarToggled', version: 1, data: { teamId: 't1', userId: 'u1', key: 2 }, metadata: meta() },
  QuizzleOffered: {
    type: 'QuizzleOffered',
    version: 1,
    data: { teamId: 't1', key: 2, userId: 'u1', answer: 'Eiffelturm' },
    metadata: meta(),
  },
  SingleAnswerSubmitted: {
    type: 'SingleAnswerSubmitted',
    version: 1,
    data: { userId: 'u1', message: '2962' },
    metadata: meta(),
  },
  LobbyChatMessagePosted: {
    type: 'LobbyChatMessagePosted',
    version: 2,
    data: { userId: 'u1', message: 'Hallo', highlight: false },
    metadata: meta(),
  },
  AnswerRated: {
    type: 'AnswerRated',
    version: 1,
    data: { answerId: 'a1', points: 3, change: 1, checked: true, liked: true, testerId: 'u1' },
    metadata: meta(),
  },
  AnswersBulkRated: {
    type: 'AnswersBulkRated',
    version: 1,
    metadata: meta(),
    data: { quizId: 'q1', round: 2, number: 3, regex: '^paris$', mark: 'correct', points: 2, answerIds: ['a1'] },
  },
  CheckingStarted: { type: 'CheckingStarted', version: 1, data: { testerId: 'u1', quizId: 'q1' }, metadata: meta() },
  HealDealChosen: {
    type: 'HealDealChosen',
    version: 1,
    data: { round: 2, teamId: 't1', kind: 'heal', targetTeamId: 't1', amount: 2 },
    metadata: meta(),
  },
  HealDealCalculated: {
    type: 'HealDealCalculated',
    version: 1,
    data: { round: 2, teams: [{ teamId: 't1', current: 9 }] },
    metadata: meta(),
  },
  HealDealSettingChanged: {
    type: 'HealDealSettingChanged',
    version: 1,
    data: { setting: 'damagePerRound', round: 2, value: 4 },
    metadata: meta(),
  },
  ShipQuestionCorrected: {
    type: 'ShipQuestionCorrected',
    version: 1,
    metadata: meta(),
    data: {
      quizId: 'q1',
      round: 2,
      number: 3,
      results: [{ answerId: 'a1', teamId: 't1', lager: 'A1', pluendern: 'B2', hits: 1, survived: true, points: 2 }],
    },
  },
  OverviewMessageSet: {
    type: 'OverviewMessageSet',
    version: 1,
    data: { message: 'Heute drei Runden' },
    metadata: meta(),
  },
  FeatureFlagsSet: { type: 'FeatureFlagsSet', version: 1, data: { flags: '{"a":true}' }, metadata: meta() },
  MaintenanceStarted: { type: 'MaintenanceStarted', version: 1, data: { recheckAt: at + 60_000 }, metadata: meta() },
  MaintenanceEnded: { type: 'MaintenanceEnded', version: 1, data: {}, metadata: meta() },
  RegistrationsOpened: { type: 'RegistrationsOpened', version: 1, data: {}, metadata: meta() },
  RegistrationsClosed: { type: 'RegistrationsClosed', version: 1, data: {}, metadata: meta() },
  ShowSettingsChanged: {
    type: 'ShowSettingsChanged',
    version: 1,
    metadata: meta(),
    data: {
      changedBy: 'u1',
      settings: {
        streamChannel: 'quizshow',
        streamUrl: '',
        supportUrl: '',
        newsletterUrl: 'https://n.example.org',
        socialLinks: [],
        nextDates: [],
        qrHostName: 'Olaf',
        newsletterPopup: false,
        allowNewAccounts: true,
        showName: '',
        logo: '',
        primaryColor: '',
        overlay: { parts: ['question'], corner: 'bottom-right', scale: 1 },
        imprint: '',
        privacy: '',
      },
    },
  },
  UberModeChanged: { type: 'UberModeChanged', version: 1, data: { modus: 'pause' }, metadata: meta() },
  UberMessageSet: { type: 'UberMessageSet', version: 1, data: { message: '<b>Pause</b>' }, metadata: meta() },
  InstructionsShown: { type: 'InstructionsShown', version: 1, data: {}, metadata: meta() },
  PaintingStrokeDrawn: {
    type: 'PaintingStrokeDrawn',
    version: 1,
    data: { url: '', color: 'red', startX: 0, startY: 0, endX: 1, endY: 1 },
    metadata: meta(),
  },
  PaintingCleared: { type: 'PaintingCleared', version: 1, data: {}, metadata: meta() },
  PointsPublished: { type: 'PointsPublished', version: 1, data: { quizId: 'q1', points }, metadata: meta() },
  PointsUnpublished: { type: 'PointsUnpublished', version: 1, data: {}, metadata: meta() },
  LiveStateReset: { type: 'LiveStateReset', version: 1, data: { endedNightId: 'n1' }, metadata: meta() },
  UploadRecorded: {
    type: 'UploadRecorded',
    version: 2,
    metadata: meta(),
    data: {
      uploadId: 'up1',
      kind: 'question',
      userId: 'u1',
      teamId: 't1',
      fileNames: ['a.png', 'b.png'],
      label: null,
      question: { nightId: 'n1', round: 2, number: 3 },
    },
  },
  GreetingSubmitted: {
    type: 'GreetingSubmitted',
    version: 1,
    data: { greetingId: 'g1', name: 'Oma Erna', message: 'Viel Glück!' },
    metadata: meta(null),
  },
  DrawingSaved: {
    type: 'DrawingSaved',
    version: 1,
    metadata: meta(),
    data: {
      userId: 'u1',
      round: 2,
      number: 3,
      strokes: [
        {
          width: 4,
          color: '#222222',
          points: [
            [24, 48],
            [48, 96],
          ],
        },
      ],
    },
  },
  LobbyChatMessageHidden: {
    type: 'LobbyChatMessageHidden',
    version: 1,
    data: { messageId: 'e1', by: 'u1' },
    metadata: meta(),
  },
  GreetingHidden: { type: 'GreetingHidden', version: 1, data: { greetingId: 'g1', by: 'u1' }, metadata: meta() },
  UserMuted: {
    type: 'UserMuted',
    version: 1,
    data: { userId: 'u1', minutes: 10, until: 1_000_000, by: 'u1' },
    metadata: meta(),
  },
  TeamMemberRemoved: {
    type: 'TeamMemberRemoved',
    version: 1,
    data: { teamId: 't1', userId: 'u1', by: 'u1' },
    metadata: meta(),
  },
  TeamPasswordChanged: { type: 'TeamPasswordChanged', version: 1, data: { teamId: 't1', by: 'u1' }, metadata: meta() },
  TeamInvitesEnded: { type: 'TeamInvitesEnded', version: 1, data: { teamId: 't1', by: 'u1' }, metadata: meta() },
  TeamLeft: { type: 'TeamLeft', version: 1, data: { teamId: 't1', userId: 'u1' }, metadata: meta() },
  TeamBarLifted: {
    type: 'TeamBarLifted',
    version: 1,
    data: { teamId: 't1', userId: 'u1', by: 'u1' },
    metadata: meta(),
  },
  OverlayLinkCreated: {
    type: 'OverlayLinkCreated',
    version: 1,
    data: { linkId: 'l1', createdBy: 'u1' },
    metadata: meta(),
  },
  OverlayLinkRevoked: {
    type: 'OverlayLinkRevoked',
    version: 1,
    data: { linkId: 'l1', revokedBy: 'u1' },
    metadata: meta(),
  },
  LobbyChatSlowModeSet: { type: 'LobbyChatSlowModeSet', version: 1, data: { seconds: 30, by: 'u1' }, metadata: meta() },
  LobbyChatOpenSet: { type: 'LobbyChatOpenSet', version: 1, data: { open: false, by: 'u1' }, metadata: meta() },
  LobbyChatMessageRestored: {
    type: 'LobbyChatMessageRestored',
    version: 1,
    data: { messageId: 'e1', by: 'u1' },
    metadata: meta(),
  },
  TeamRenamed: {
    type: 'TeamRenamed',
    version: 1,
    data: { teamId: 't1', name: 'Die Netten', by: 'u1' },
    metadata: meta(),
  },
  UserRenamed: { type: 'UserRenamed', version: 1, data: { userId: 'u1', name: 'Anna B.', by: 'u1' }, metadata: meta() },
  TeamLogoCleared: { type: 'TeamLogoCleared', version: 1, data: { teamId: 't1', by: 'u1' }, metadata: meta() },
  PictureHidden: {
    type: 'PictureHidden',
    version: 1,
    data: { fileName: 'user/u1/x.png', hidden: true, by: 'u1' },
    metadata: meta(),
  },
};

/** A state that knows Anna, the team Eulen, the quiz and the answer a1. */
const known: LiveState = (
  [
    'UserRegistered',
    'TeamCreated',
    'TeamJoined',
    'QuizCreated',
    'NightStarted',
    'QuestionStarted',
    'AnswersLockedIn',
  ] as const
).reduce<LiveState>((s, type) => evolve(s, samples[type] as QuizShowEvent), initialState);

describe('describeEvent', () => {
  it('has a sample for every event type of the union', () => {
    expect(Object.keys(samples).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it.each(EVENT_TYPES)('describes %s in German, with names from the state', (type) => {
    const text = describeEvent(samples[type] as QuizShowEvent, known);
    expect(text.length).toBeGreaterThan(5);
    expect(text).not.toContain('undefined');
    expect(text).not.toContain('[object');
    expect(text).not.toContain('(unbekannt');
    expect(text).not.toBe(type);
  });

  it('uses names, keys and values a moderator recognises', () => {
    expect(describeEvent(samples.ProposalAdded, known)).toBe('Anna (Eulen) schlägt V2 vor: „Paris“');
    expect(
      describeEvent({ ...samples.ProposalAdded, data: { ...samples.ProposalAdded.data, chat: true } }, known),
    ).toBe('Anna (Eulen) im Team-Chat: „Paris“');
    expect(describeEvent(samples.StarToggled, known)).toBe('Anna (Eulen) gibt V2 einen Stern');
    expect(describeEvent({ ...samples.StarToggled, data: { ...samples.StarToggled.data, key: null } }, known)).toBe(
      'Anna (Eulen) nimmt den eigenen Stern zurück',
    );
    expect(describeEvent(samples.AnswerRated, known)).toBe('Anna bewertet „Paris“ (Eulen): 3 Punkte (+1), gelikt');
    expect(describeEvent(samples.QuestionEnded, known)).toBe('Frage 2.3 beendet (Countdown abgelaufen)');
    expect(describeEvent(samples.HealDealChosen, known)).toBe('Eulen heilt Eulen um 2 (Runde 2)');
    expect(describeEvent(samples.TeamJoined, known)).toBe('Anna tritt Team „Eulen“ bei (Einladung)');
    expect(describeEvent(samples.UserMuted, known)).toBe('Anna schaltet Anna für 10 Minuten stumm');
    expect(
      describeEvent({ ...samples.UserMuted, data: { ...samples.UserMuted.data, minutes: 0, until: null } }, known),
    ).toBe('Anna hebt die Stummschaltung von Anna auf');
    expect(describeEvent(samples.TeamMemberRemoved, known)).toBe('Anna nimmt Anna aus dem Team „Eulen“');
    expect(describeEvent(samples.TeamPasswordChanged, known)).toBe(
      'Anna ändert das Passwort von Team „Eulen“ (Einladungslinks beendet)',
    );
    expect(describeEvent(samples.TeamLeft, known)).toBe('Anna verlässt Team „Eulen“');
    expect(describeEvent(samples.TeamBarLifted, known)).toBe('Anna lässt Anna wieder in Team „Eulen“');
    expect(describeEvent(samples.OverlayLinkCreated, known)).toBe('Anna erstellt einen Overlay-Link');
    expect(describeEvent(samples.OverlayLinkRevoked, known)).toBe('Anna widerruft einen Overlay-Link');
    expect(describeEvent(samples.LobbyChatSlowModeSet, known)).toBe(
      'Anna setzt den Lobby-Chat auf eine Nachricht alle 30 Sekunden',
    );
    expect(describeEvent(samples.LobbyChatOpenSet, known)).toBe('Anna schließt den Lobby-Chat');
    expect(describeEvent(samples.LobbyChatMessageHidden, known)).toBe('Anna blendet eine Lobby-Chat-Nachricht aus');
    expect(describeEvent(samples.AnswersBulkRated, known)).toBe(
      'Regex /^paris$/ auf Frage 2.3: 1 Antwort richtig (2 Punkte)',
    );
    expect(describeEvent(samples.DrawingSaved, known)).toBe('Anna speichert die Zeichnung zu Frage 2.3 (1 Strich)');
  });

  it('names the question of a question upload, and none without one', () => {
    expect(describeEvent(samples.UploadRecorded, known)).toBe(
      'Anna lädt 2 Bilder hoch (Antwortbild, Runde 2, Frage 3)',
    );
    const withoutQuestion = {
      ...samples.UploadRecorded,
      data: { ...samples.UploadRecorded.data, fileNames: ['a.png'], question: null },
    };
    expect(describeEvent(withoutQuestion, known)).toBe('Anna lädt 1 Bild hoch (Antwortbild)');
    const team = {
      ...samples.UploadRecorded,
      data: { ...samples.UploadRecorded.data, kind: 'team' as const, question: null },
    };
    expect(describeEvent(team, known)).toBe('Anna lädt 2 Bilder hoch (Teambild)');
  });

  it('falls back to ids for unknown users and teams', () => {
    expect(describeEvent(samples.FavoriteChosen, initialState)).toBe(
      '(unbekannt: u1) (Team t1) macht V2 zum Favoriten',
    );
  });
});

describe('actor and time', () => {
  it('names the acting user, or System for the scheduler and visitors', () => {
    expect(actorName(samples.FavoriteChosen, known)).toBe('Anna');
    expect(actorName(samples.CountdownExpired, known)).toBe('System');
  });

  it('names who changed roles: the admin, or the server console with its OS account', () => {
    expect(describeEvent(samples.UserRolesChanged, known)).toBe(
      'Rollen von Anna geändert: Kontrolle → Moderation, Kontrolle',
    );
    expect(actorName(samples.UserRolesChanged, known)).toBe('Anna');
    const fromConsole = {
      ...samples.UserRolesChanged,
      metadata: { ...meta(null), actor: { userId: null, roles: ['admin' as const] } },
      data: { ...samples.UserRolesChanged.data, roles: [], changedBy: { kind: 'console' as const, account: 'olaf' } },
    };
    expect(actorName(fromConsole, known)).toBe('Server-Konsole (olaf)');
    expect(describeEvent(fromConsole, known)).toBe('Rollen von Anna geändert: Kontrolle → keine Rollen');
  });

  it('names blocks and logouts everywhere, and the admin who blocked', () => {
    expect(describeEvent(samples.UserBlocked, known)).toBe('Anna gesperrt');
    expect(
      describeEvent({ ...samples.UserBlocked, data: { ...samples.UserBlocked.data, blocked: false } }, known),
    ).toBe('Anna entsperrt');
    expect(actorName(samples.UserBlocked, known)).toBe('Anna');
    expect(describeEvent(samples.UserErased, known)).toBe('Anna löscht ein Konto');
    expect(describeEvent({ ...samples.UserErased, data: { userId: 'u1', by: 'u1' } }, known)).toBe(
      'Ein Konto wurde von seinem Inhaber gelöscht',
    );
    expect(describeEvent(samples.PasswordResetLinkCreated, known)).toBe(
      'Link für ein neues Passwort per E-Mail an Anna',
    );
    expect(
      describeEvent({ ...samples.PasswordResetLinkCreated, data: { linkId: 'l3', userId: 'u1', by: 'u1' } }, known),
    ).toBe('Anna erstellt einen Link für ein neues Passwort für Anna');
    expect(describeEvent(samples.UserEmailChanged, known)).toBe('Anna hat die E-Mail-Adresse geändert');
    expect(describeEvent(samples.UserTokensRevoked, known)).toBe('Anna hat sich überall abgemeldet');
  });

  it('formats times as HH:MM:SS.mmm in the local time zone and durations to the millisecond', () => {
    expect(formatTime(new Date(2026, 10, 20, 9, 5, 7, 42).getTime())).toBe('09:05:07.042');
    expect(formatDuration(-1250)).toBe('1.250 s');
  });

  it('shortens long messages to one line', () => {
    expect(shorten('a\n b', 10)).toBe('a b');
    expect(shorten('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
