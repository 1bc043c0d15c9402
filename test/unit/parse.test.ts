/**
 * The wire side of every command table entry, kept apart from the rule tests (which send typed
 * commands through decide): valid wire content parses to the typed command, and malformed content
 * gets the German rejection. The case list is typed over every command type, so a new entry does
 * not compile without its case.
 */
import type { Actor } from '../../events';
import { DEFAULT_SHOW_SETTINGS, initialState, showSettingsProblemText } from '../../projections/live';
import { ANSWER_REGEX_TEXTS } from '../../projections/live/rules/answer-regex';
import {
  admit,
  commandTable,
  normalizeContent,
  questionsFromRounds,
  texts,
  type CommandInput,
  type CommandOfType,
  type CommandType,
} from '../../src/commands';
import { q } from './support/fixtures';
import { USER_ROLE_COMMAND_TEXTS } from '../../src/commands/user-roles';
import { UPLOAD_COMMAND_TEXTS } from '../../src/commands/uploads';
import { TEAM_COMMAND_TEXTS } from '../../src/commands/teams';
import { SHOW_COMMAND_TEXTS } from '../../src/commands/show';
import { NIGHT_COMMAND_TEXTS } from '../../src/commands/night';
import { MODERATION_COMMAND_TEXTS } from '../../src/commands/moderation';
import { IDENTITY_COMMAND_TEXTS } from '../../src/commands/identity';
import { FORM_COMMAND_TEXTS } from '../../src/commands/forms';
import { DRAWING_COMMAND_TEXTS } from '../../src/commands/drawing';
import { DECIDE_COMMAND_TEXTS } from '../../src/commands/decide';

interface ParseCase<T extends CommandType> {
  /** The content a client sends (a realtime message's content or an HTTP body). */
  readonly wire: Record<string, unknown>;
  readonly command: CommandOfType<T>;
  /** Content the parser refuses, with its German text; left out where the parser reads any content (the rule judges it). */
  readonly malformed?: readonly [Record<string, unknown>, string];
}

const question = q(1, 1);
const rounds = { 1: { 1: { type: 'normal', category: 'K', question: 'F?', answer: 'A' } } };
const stroke = {
  width: 4,
  color: '#FF0000',
  points: [
    [10, 20],
    [30.4, 40],
  ],
};
const file = { mimeType: 'image/png', size: 1000, fileName: 'logo.png' };

const CASES: { readonly [T in CommandType]: ParseCase<T> } = {
  // identity and accounts
  RegisterUser: {
    wire: { login: ' anna ', password: 'geheim', passwordRepeat: 'geheim', email: 'a@b.de' },
    command: { type: 'RegisterUser', login: 'anna', hasPassword: true, passwordRepeated: true, email: 'a@b.de' },
  },
  UpdateProfile: {
    wire: { userId: 'u1', name: ' Anna K. ', newPassword: 'neu', newPasswordRepeat: 'neu' },
    command: {
      type: 'UpdateProfile',
      userId: 'u1',
      name: 'Anna K.',
      changesPassword: true,
      newPasswordLength: 3,
      currentPasswordOk: false,
    },
    malformed: [{ userId: 'u1', name: 'An' }, IDENTITY_COMMAND_TEXTS.displayNameTooShort],
  },
  MarkEmailPopupSeen: { wire: { userId: 'u1' }, command: { type: 'MarkEmailPopupSeen', userId: 'u1' } },
  CreateLoginLink: { wire: { id: 'u1' }, command: { type: 'CreateLoginLink', userId: 'u1' } },
  RegisterFirstAdmin: { wire: { login: ' admin ' }, command: { type: 'RegisterFirstAdmin', login: 'admin' } },
  SetUserRoles: {
    wire: { userId: 'u1', roles: ['tester', 'admin', 'tester'] },
    command: { type: 'SetUserRoles', userId: 'u1', roles: ['admin', 'tester'], consoleAccount: '' },
    malformed: [{ userId: 'u1', roles: 'admin' }, USER_ROLE_COMMAND_TEXTS.rolesNotAList],
  },
  BlockUser: { wire: { userId: 'u1', blocked: true }, command: { type: 'BlockUser', userId: 'u1', blocked: true } },
  RevokeTokens: { wire: { userId: 'u1' }, command: { type: 'RevokeTokens', userId: 'u1' } },
  ResetPassword: {
    wire: { userId: 'u1', newPassword: 'geheim' },
    command: { type: 'ResetPassword', userId: 'u1', passwordLength: 6, changesProfile: false },
  },
  EraseUser: {
    wire: { userId: 'u1', currentPasswordOk: true },
    command: { type: 'EraseUser', userId: 'u1', currentPasswordOk: true },
  },
  ChangeEmail: {
    wire: { userId: 'u1', email: ' a@b.de ', currentPasswordOk: true },
    command: { type: 'ChangeEmail', userId: 'u1', email: 'a@b.de', currentPasswordOk: true },
  },
  RequestPasswordReset: { wire: { userId: 'u1' }, command: { type: 'RequestPasswordReset', userId: 'u1' } },
  CreatePasswordResetLink: { wire: { userId: 'u1' }, command: { type: 'CreatePasswordResetLink', userId: 'u1' } },
  ConfirmPasswordReset: {
    wire: { userId: 'u1', linkId: 'l1', newPassword: 'geheimnis', resetLinkOk: true },
    command: { type: 'ConfirmPasswordReset', userId: 'u1', linkId: 'l1', passwordLength: 9, resetLinkOk: true },
  },

  // teams
  CreateTeam: {
    wire: {
      name: ' Quizgurus ',
      password: 'pw-team',
      stadt: 'Bonn',
      beschreibung: 'Wir',
      url: 'https://example.org/logo.png',
    },
    command: {
      type: 'CreateTeam',
      name: 'Quizgurus',
      stadt: 'Bonn',
      beschreibung: 'Wir',
      url: 'https://example.org/logo.png',
    },
    malformed: [
      { name: 'Quizgurus', password: '', stadt: 'Bonn', beschreibung: 'Wir' },
      TEAM_COMMAND_TEXTS.teamCreationFailed,
    ],
  },
  CreateQrTeam: {
    wire: { name: 'Tisch 4', amount: '5', moderatorOnline: true },
    command: { type: 'CreateQrTeam', name: 'Tisch 4', expectedMembers: 5, moderatorOnline: true },
    malformed: [{ name: 'Tisch', amount: 'viele' }, TEAM_COMMAND_TEXTS.qrTeamAmountNotNumeric],
  },
  JoinTeam: {
    wire: { id: 7, password: 'x', passwordOk: true },
    command: { type: 'JoinTeam', team: '7', passwordOk: true, fusionPassword: false },
  },
  JoinTeamByInvite: { wire: { token: 'x', inviteId: 'i1' }, command: { type: 'JoinTeamByInvite', inviteId: 'i1' } },
  CreateTeamInvite: { wire: {}, command: { type: 'CreateTeamInvite' } },
  ChangeTeamPassword: {
    wire: { currentPassword: 'geheim', newPassword: 'neues-pw', currentPasswordOk: true },
    command: { type: 'ChangeTeamPassword', newPasswordLength: 8, currentPasswordOk: true },
  },
  EndTeamInvites: { wire: {}, command: { type: 'EndTeamInvites' } },
  LeaveTeam: { wire: {}, command: { type: 'LeaveTeam' } },
  RemoveTeamMate: { wire: { userId: 'u2' }, command: { type: 'RemoveTeamMate', userId: 'u2' } },
  CreateTeamInviteAsAdmin: { wire: { id: 't1' }, command: { type: 'CreateTeamInviteAsAdmin', teamId: 't1' } },
  EditTeam: {
    wire: { url: ' logo.png ', stadt: 'Bonn ', beschreibung: ' Wir' },
    command: { type: 'EditTeam', url: 'logo.png', stadt: 'Bonn', beschreibung: 'Wir' },
  },
  DeleteTeam: { wire: { id: 't1' }, command: { type: 'DeleteTeam', teamId: 't1' } },

  // quizzes
  CreateQuiz: {
    wire: { name: ' Quiz ', yearWeek: '2026-48', content: [question] },
    command: { type: 'CreateQuiz', name: 'Quiz', yearWeek: '2026-48', content: normalizeContent([question]) },
  },
  ImportQuiz: {
    wire: { name: 'Quiz', yearWeek: '2026-48', rounds },
    command: {
      type: 'ImportQuiz',
      name: 'Quiz',
      yearWeek: '2026-48',
      content: normalizeContent(questionsFromRounds(rounds)),
    },
  },
  EditQuiz: {
    wire: { quizId: 7, name: ' Neu ' },
    command: { type: 'EditQuiz', quizId: '7', name: 'Neu', yearWeek: null, content: null },
  },
  AddTieBreakQuestion: {
    wire: { quiz: 7, round: '3', question: 11, title: ' Stechen ', text: 'Wie viele?', solution: ' 42 ' },
    command: {
      type: 'AddTieBreakQuestion',
      quizId: '7',
      round: 3,
      number: 11,
      title: 'Stechen',
      text: 'Wie viele?',
      solution: '42',
    },
  },

  // night
  StartQuestion: {
    wire: { quiz: ' 7 ', round: 1, question: '2' },
    command: { type: 'StartQuestion', quizId: '7', round: 1, number: 2 },
  },
  StartNextQuestion: { wire: {}, command: { type: 'StartNextQuestion' } },
  HardReset: {
    wire: { quiz: 7, round: 1.5, question: 2 },
    command: { type: 'HardReset', quizId: '7', round: null, number: 2 },
  },
  StartCountdown: {
    wire: { time: '30' },
    command: { type: 'StartCountdown', seconds: 30 },
    malformed: [{ time: 3601 }, NIGHT_COMMAND_TEXTS.countdownTooLong],
  },
  ExpireCountdown: { wire: {}, command: { type: 'ExpireCountdown' } },
  EndQuestion: { wire: {}, command: { type: 'EndQuestion' } },
  ShowInstructions: { wire: {}, command: { type: 'ShowInstructions' } },
  AcceptQuizzle: { wire: {}, command: { type: 'AcceptQuizzle' } },
  RejectQuizzle: { wire: {}, command: { type: 'RejectQuizzle' } },

  // proposals and chat
  AddProposal: { wire: { message: ' Paris ' }, command: { type: 'AddProposal', message: 'Paris' } },
  AddTeamChat: { wire: { message: 'Hallo ' }, command: { type: 'AddTeamChat', message: 'Hallo' } },
  DeleteProposal: { wire: { number: 2 }, command: { type: 'DeleteProposal', key: 2 } },
  ChooseFavourite: { wire: { number: '3' }, command: { type: 'ChooseFavourite', key: 3 } },
  ToggleStar: { wire: { number: 'x' }, command: { type: 'ToggleStar', key: null } },
  OfferQuizzle: { wire: { number: 1 }, command: { type: 'OfferQuizzle', key: 1 } },
  SubmitSingleAnswer: { wire: { message: ' B ' }, command: { type: 'SubmitSingleAnswer', message: 'B' } },
  PostLobbyChat: { wire: { message: ' Moin ' }, command: { type: 'PostLobbyChat', message: 'Moin' } },
  SaveDrawing: {
    wire: { strokes: [stroke] },
    command: {
      type: 'SaveDrawing',
      strokes: [
        {
          width: 4,
          color: '#ff0000',
          points: [
            [10, 20],
            [30, 40],
          ],
        },
      ],
    },
    malformed: [{ strokes: 'kritzel' }, DRAWING_COMMAND_TEXTS.drawingInvalid],
  },

  // heal and deal
  ChooseHealDeal: {
    wire: { kind: 'deal', team: 't2' },
    command: { type: 'ChooseHealDeal', kind: 'deal', targetTeamId: 't2' },
    malformed: [{ kind: 'steal', team: 't2' }, texts.unknownSetting],
  },
  CalculateHealDeal: { wire: {}, command: { type: 'CalculateHealDeal' } },

  // rating
  RateAnswerRelative: {
    wire: { answerId: 'a1', change: -1, checked: true },
    command: { type: 'RateAnswerRelative', answerId: 'a1', checked: true, liked: false, change: -1 },
  },
  RateAnswerAbsolute: {
    wire: { answerId: 'a1', value: '2', checked: true, liked: true },
    command: { type: 'RateAnswerAbsolute', answerId: 'a1', checked: true, liked: true, value: 2 },
    malformed: [{ answerId: 'a1', value: 'viel' }, texts.notANumber],
  },
  StartChecking: { wire: { quiz: 7 }, command: { type: 'StartChecking', quizId: '7' } },
  RegexBulkRate: {
    wire: { quiz: 7, round: 1, question: 2, regex: '^paris$', points: 2, mark: 'wrong' },
    command: { type: 'RegexBulkRate', quizId: '7', round: 1, number: 2, regex: '^paris$', points: 2, mark: 'wrong' },
    malformed: [{ quiz: 7, round: 1, question: 2, regex: '(' }, ANSWER_REGEX_TEXTS.invalid],
  },
  CorrectShipQuestion: {
    wire: { quiz: 7, round: 1, question: 2 },
    command: { type: 'CorrectShipQuestion', quizId: '7', round: 1, number: 2 },
  },

  // show
  SetOverviewMessage: {
    wire: { message: 'Gleich geht es los' },
    command: { type: 'SetOverviewMessage', message: 'Gleich geht es los' },
  },
  SetFeatureFlags: { wire: { flags: 'a,b' }, command: { type: 'SetFeatureFlags', flags: 'a,b' } },
  SetReconnectAt: {
    wire: { recheckAt: 1_800_000_000_000 },
    command: { type: 'SetReconnectAt', recheckAt: 1_800_000_000_000 },
    malformed: [{ recheckAt: 'bald' }, texts.notANumber],
  },
  ResetLiveState: { wire: {}, command: { type: 'ResetLiveState' } },
  UpdateStateSetting: {
    wire: { path: 'moderator.heal_deal.damagePerRound.2', value: '3' },
    command: {
      type: 'UpdateStateSetting',
      setting: { kind: 'healDeal', setting: 'damagePerRound', round: 2, value: 3 },
    },
    malformed: [{ path: 'global.irgendwas', value: true }, texts.unknownSetting],
  },
  ChangeUberMode: {
    wire: { modus: 'quiz-single' },
    command: { type: 'ChangeUberMode', modus: 'quiz-single' },
    malformed: [{ modus: 'party' }, SHOW_COMMAND_TEXTS.unknownUberMode],
  },
  SetUberMessage: { wire: { message: 'Pause' }, command: { type: 'SetUberMessage', message: 'Pause' } },
  DrawStroke: {
    wire: { url: 'https://example.org/bild.png', color: '#000000', startX: 1, startY: '2', endX: 3, endY: 4 },
    command: {
      type: 'DrawStroke',
      url: 'https://example.org/bild.png',
      color: '#000000',
      startX: 1,
      startY: 2,
      endX: 3,
      endY: 4,
    },
    malformed: [{ url: 'bild.png', color: '#000', startX: 'links', startY: 2, endX: 3, endY: 4 }, texts.notANumber],
  },
  ClearPainting: { wire: {}, command: { type: 'ClearPainting' } },
  PublishPoints: {
    wire: { content: { publish: true, quiz: 7 } },
    command: { type: 'PublishPoints', publish: true, quizId: '7' },
    malformed: [{ content: { publish: 'vielleicht' } }, SHOW_COMMAND_TEXTS.publishNotABoolean],
  },
  ChangeShowSettings: {
    wire: { streamChannel: ' quizshow ' },
    command: {
      type: 'ChangeShowSettings',
      settings: {
        streamChannel: 'quizshow',
        streamUrl: '',
        supportUrl: '',
        newsletterUrl: '',
        socialLinks: [],
        nextDates: [],
        qrHostName: DEFAULT_SHOW_SETTINGS.qrHostName,
        newsletterPopup: false,
        allowNewAccounts: true,
        showName: '',
        logo: '',
        primaryColor: '',
        overlay: DEFAULT_SHOW_SETTINGS.overlay,
        imprint: '',
        privacy: '',
      },
    },
    malformed: [{ streamChannel: 'x'.repeat(1000) }, showSettingsProblemText({ kind: 'channelTooLong' })],
  },
  CreateOverlayLink: { wire: {}, command: { type: 'CreateOverlayLink' } },
  RevokeOverlayLink: { wire: { linkId: ' l1 ' }, command: { type: 'RevokeOverlayLink', linkId: 'l1' } },

  // uploads, forms
  RecordUpload: {
    wire: { kind: 'team', files: [file] },
    command: { type: 'RecordUpload', kind: 'team', fileNames: ['logo.png'], label: null },
    malformed: [{ kind: 'team', files: [{ ...file, mimeType: 'text/plain' }] }, UPLOAD_COMMAND_TEXTS.uploadNotAnImage],
  },
  SubmitGreeting: {
    wire: { username: ' Olaf ', message: 'Hallo!' },
    command: { type: 'SubmitGreeting', name: 'Olaf', message: 'Hallo!' },
    malformed: [{ username: '', message: 'Hallo!' }, FORM_COMMAND_TEXTS.greetingFieldMissing],
  },

  // moderation
  HideLobbyChatMessage: { wire: { messageId: 'm1' }, command: { type: 'HideLobbyChatMessage', messageId: 'm1' } },
  RenameTeam: {
    wire: { teamId: 't1', name: ' Die Neuen ' },
    command: { type: 'RenameTeam', teamId: 't1', name: 'Die Neuen' },
  },
  RenameUser: {
    wire: { userId: 'u1', name: ' Anna B. ' },
    command: { type: 'RenameUser', userId: 'u1', name: 'Anna B.' },
  },
  ClearTeamLogo: { wire: { teamId: 't1' }, command: { type: 'ClearTeamLogo', teamId: 't1' } },
  HidePicture: {
    wire: { fileName: 'user/u1/x.png', hidden: false },
    command: { type: 'HidePicture', fileName: 'user/u1/x.png', hidden: false },
  },
  SetLobbySlowMode: {
    wire: { seconds: 30 },
    command: { type: 'SetLobbySlowMode', seconds: 30 },
    malformed: [{ seconds: 3601 }, MODERATION_COMMAND_TEXTS.lobbySlowSecondsInvalid],
  },
  SetLobbyChatOpen: { wire: { open: false }, command: { type: 'SetLobbyChatOpen', open: false } },
  HideGreeting: { wire: { greetingId: 'g1' }, command: { type: 'HideGreeting', greetingId: 'g1' } },
  MuteUser: {
    wire: { userId: 'u1', minutes: '10' },
    command: { type: 'MuteUser', userId: 'u1', minutes: 10 },
    malformed: [{ userId: 'u1', minutes: -1 }, MODERATION_COMMAND_TEXTS.muteMinutesInvalid],
  },
  RemoveTeamMember: {
    wire: { teamId: 't1', userId: 'u1', lift: true },
    command: { type: 'RemoveTeamMember', teamId: 't1', userId: 'u1', lift: true },
  },
};

/** Passes every access check: the edge's parser is what is under test. */
const OPERATOR: Actor = { userId: 'u-admin', roles: ['admin', 'moderator', 'tester'] };
const input = (type: CommandType, content: Record<string, unknown>) => ({ ...content, type }) as CommandInput;
const cases = (Object.keys(commandTable) as CommandType[]).map(
  (type) => [type, CASES[type] as ParseCase<CommandType>] as const,
);

describe('every entry parses its wire content (test/unit/parse.test.ts)', () => {
  it.each(cases)('%s: valid content becomes the typed command', (type, c) => {
    expect(admit(initialState, input(type, c.wire), OPERATOR)).toEqual(c.command);
  });

  it.each(cases.filter(([, c]) => c.malformed))('%s: malformed content gets the German rejection', (type, c) => {
    const [content, message] = c.malformed!;
    expect(admit(initialState, input(type, content), OPERATOR)).toEqual({ ok: false, message, reason: 'invalid' });
  });

  it.each(cases)('%s: text no store can hold is refused before parsing', (type, c) => {
    expect(admit(initialState, input(type, { ...c.wire, extra: 'a\u0000b' }), OPERATOR)).toEqual({
      ok: false,
      message: DECIDE_COMMAND_TEXTS.invalidText,
      reason: 'invalid',
    });
  });
});
