import { ANSWER_REGEX_TEXTS } from '../../projections/live/rules/answer-regex';
import { ANSWER_EMPTY_TEXT } from '../../projections/live/rules/play-rules';
import { SHOW_SETTINGS_TEXTS } from '../../projections/live/rules/show-settings';
import { SHARED_TEXTS } from '../../wire/shared-texts';

/**
 * The German rejection texts several command slices share (guards, answers, settings); a text of one
 * slice lives in its area file (`<AREA>_COMMAND_TEXTS`). Texts from the spec are verbatim (typos
 * included); the few the spec does not have are marked ENGINE and listed in docs/decisions/engine.md.
 */
/** Verbatim from spec/player-side.md §8 and spec/operator-side.md §8. */
export const specTexts = {
  profilePasswordMismatch: SHARED_TEXTS.profilePasswordMismatch,
  moderatorOffline: 'Olafs Laptop ist im Moment nicht verbunden.',
  notFound: (id: string) => `Konnte das Team/User nicht finden (${id})`,
  // answers
  answerEmpty: ANSWER_EMPTY_TEXT,
  notAuthenticated: SHARED_TEXTS.notAuthenticated,
  instructionsOnlyAtStart: 'Anzeige der Anleitung nur am Anfang des Quizzes möglich.',
  regexEmpty: ANSWER_REGEX_TEXTS.empty,
  notANumber: 'Keine Zahl gesendet, kann nicht updaten.',
  noMatchingAnswer: SHARED_TEXTS.noMatchingAnswer,
} as const;

/** ENGINE: situations the spec has no text for (docs/decisions/engine.md). */
export const engineTexts = {
  forbidden: 'Dazu fehlt dir die Berechtigung.',
  noQuestionOpen: 'Es ist gerade keine Frage aktiv.',
  notAQuizzle: 'Die aktuelle Frage ist kein Quizzle.',
  quizzleAlreadyAccepted: 'Das Quizzle wurde bereits angenommen.',
  unknownSetting: 'Diese Einstellung gibt es nicht.',
  invalidRegex: ANSWER_REGEX_TEXTS.invalid,
  regexUnsupported: ANSWER_REGEX_TEXTS.unsupported,
  regexTooComplex: ANSWER_REGEX_TEXTS.tooComplex,
  questionNotFound: 'Diese Frage gibt es nicht.',
  folderOutsideUploads: 'Dieser Ordner liegt außerhalb der Uploads.',
  // show settings (PUT /api/show-settings)
  settingNotAnAddress: SHOW_SETTINGS_TEXTS.notAnAddress,
  settingTooLong: SHOW_SETTINGS_TEXTS.tooLong,
  settingNotAChannel: SHOW_SETTINGS_TEXTS.notAChannel,
  settingLinkLabelMissing: SHOW_SETTINGS_TEXTS.linkLabelMissing,
  settingTooManyLinks: SHOW_SETTINGS_TEXTS.tooManyLinks,
  settingNotADate: SHOW_SETTINGS_TEXTS.notADate,
  settingDateTitleMissing: SHOW_SETTINGS_TEXTS.dateTitleMissing,
  settingTooManyDates: SHOW_SETTINGS_TEXTS.tooManyDates,
  operatorPasswordTooShort: 'Passwörter von Admin, Moderation und Kontrolle brauchen mindestens 8 Zeichen.',
} as const;

export const texts = { ...specTexts, ...engineTexts } as const;
