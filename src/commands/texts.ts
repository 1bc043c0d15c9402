import { ANSWER_REGEX_TEXTS } from '../../projections/live/rules/answer-regex';
import { ANSWER_EMPTY_TEXT, FINALE_OUT_OF_POINTS_TEXT } from '../../projections/live/rules/play-rules';
import { SHARED_TEXTS } from '../../wire/shared-texts';
import { SHOW_SETTINGS_TEXTS } from '../../projections/live/rules/show-settings';

/**
 * Every German rejection text of the engine. Texts from the spec are verbatim (typos included);
 * the few the spec does not have are marked ENGINE and listed in docs/decisions/engine.md.
 */
import { MAX_MUTE_MINUTES, MAX_TEAM_ENTRIES_PER_QUESTION, MESSAGE_MAX_LENGTH } from '../../projections/live';
import { DRAWING_MAX_POINTS } from '../../projections/live/rules/drawing';

/** Verbatim from spec/player-side.md §8 and spec/operator-side.md §8. */
export const specTexts = {
  // identity (player-side §8)
  loginTaken: SHARED_TEXTS.loginTaken,
  loginIsTeamName: SHARED_TEXTS.loginIsTeamName,
  registrationFailed: SHARED_TEXTS.registrationFailed,
  registrationPasswordMismatch: SHARED_TEXTS.registrationPasswordMismatch,
  profilePasswordMismatch: SHARED_TEXTS.profilePasswordMismatch,
  displayNameTooShort: SHARED_TEXTS.displayNameTooShort,
  displayNameTooLong: SHARED_TEXTS.displayNameTooLong,
  // public forms
  greetingFieldMissing: SHARED_TEXTS.greetingFieldMissing,
  greetingNameTooLong: SHARED_TEXTS.greetingNameTooLong,
  greetingMessageTooLong: SHARED_TEXTS.greetingMessageTooLong,
  qrTeamNameMissing: SHARED_TEXTS.qrTeamNameMissing,
  registrationsClosed: SHARED_TEXTS.registrationsClosed,
  qrTeamAmountNotNumeric: SHARED_TEXTS.qrTeamAmountNotNumeric,
  formFailed: SHARED_TEXTS.formFailed,
  moderatorOffline: 'Olafs Laptop ist im Moment nicht verbunden.',
  // teams
  teamNameTaken: SHARED_TEXTS.teamNameTaken,
  teamCreationFailed: SHARED_TEXTS.teamCreationFailed,
  teamPasswordTooShort: SHARED_TEXTS.teamPasswordTooShort,
  teamJoinFailed: SHARED_TEXTS.teamJoinFailed,
  teamSaveFailed: SHARED_TEXTS.teamSaveFailed,
  notFound: (id: string) => `Konnte das Team/User nicht finden (${id})`,
  // answers
  answerEmpty: ANSWER_EMPTY_TEXT,
  finaleOutOfPoints: FINALE_OUT_OF_POINTS_TEXT,
  // uploads
  uploadNotAnImage: SHARED_TEXTS.uploadNotAnImage,
  uploadTooLarge: SHARED_TEXTS.uploadTooLarge,
  uploadNameMissing: SHARED_TEXTS.uploadNameMissing,
  uploadFailed: SHARED_TEXTS.uploadFailed,
  // socket
  maintenance: SHARED_TEXTS.maintenance,
  notAuthenticated: SHARED_TEXTS.notAuthenticated,
  // moderator (operator-side §8)
  uberModeOnlyWithoutQuestion: SHARED_TEXTS.uberModeOnlyWithoutQuestion,
  nextQuestionOnlyWithoutQuestion: SHARED_TEXTS.nextQuestionOnlyWithoutQuestion,
  countdownOnlyWithQuestion: SHARED_TEXTS.countdownOnlyWithQuestion,
  instructionsOnlyAtStart: 'Anzeige der Anleitung nur am Anfang des Quizzes möglich.',
  quizNotFound: SHARED_TEXTS.quizNotFound,
  quizEmpty: SHARED_TEXTS.quizEmpty,
  noFurtherQuestion: SHARED_TEXTS.noFurtherQuestion,
  quizLoadFailed: SHARED_TEXTS.quizLoadFailed,
  quizNameMissing: SHARED_TEXTS.quizNameMissing,
  quizYearWeekMissing: SHARED_TEXTS.quizYearWeekMissing,
  quizQuestionsMissing: SHARED_TEXTS.quizQuestionsMissing,
  quizSaveFailed: SHARED_TEXTS.quizSaveFailed,
  contentUnreadable: SHARED_TEXTS.contentUnreadable,
  // heal and deal, checker
  healOnlyForLiving: SHARED_TEXTS.healOnlyForLiving,
  regexEmpty: ANSWER_REGEX_TEXTS.empty,
  notANumber: 'Keine Zahl gesendet, kann nicht updaten.',
  noMatchingAnswer: SHARED_TEXTS.noMatchingAnswer,
  // PROTOCOL.md, wave 3
  lobbySlowMode: 'Bitte warte kurz, bevor du die nächste Nachricht schickst.',
  lobbyClosed: 'Der Lobby-Chat ist gerade geschlossen.',
  lobbySlowForEveryone: (seconds: number, wait: number) =>
    `Im Lobby-Chat ist gerade nur eine Nachricht alle ${seconds} Sekunden erlaubt. Bitte versuche es in ${wait === 1 ? 'einer Sekunde' : `${wait} Sekunden`} noch einmal.`,
  lobbySlowSecondsInvalid: 'Der langsame Modus braucht eine ganze Zahl von 0 bis 3600 Sekunden.',
  operatorsBlockedByAdminsOnly: 'Admins, Moderatoren und Kontrolleure kann nur ein Admin sperren.',

} as const;

/** ENGINE: situations the spec has no text for (docs/decisions/engine.md). */
export const engineTexts = {
  forbidden: 'Dazu fehlt dir die Berechtigung.',
  currentPasswordWrong: 'Das aktuelle Passwort fehlt oder ist falsch.',
  unknownCommand: 'Diesen Befehl gibt es nicht.',
  noTeam: 'Du bist in keinem Team.',
  noQuestionOpen: 'Es ist gerade keine Frage aktiv.',
  proposalNotFound: 'Diesen Vorschlag gibt es nicht.',
  chatIsNoAnswer: 'Eine Chatnachricht kann keine Antwort sein.',
  wrongLetter: (letters: string) => `Bitte einen der Buchstaben ${letters} wählen.`,
  notAQuizzle: 'Die aktuelle Frage ist kein Quizzle.',
  quizzleAlreadyAccepted: 'Das Quizzle wurde bereits angenommen.',
  quizzleAlreadyOffered: 'Es wartet bereits ein Quizzle-Vorschlag auf die Entscheidung.',
  quizzleNothingOffered: 'Es liegt kein Quizzle-Vorschlag vor.',
  teamModeOnly: 'Gerade läuft der Einzelspielermodus.',
  singleModeOnly: 'Gerade läuft der Teammodus.',
  notInSingleMode: 'Dieser Fragetyp ist im Einzelspielermodus nicht verfügbar.',
  noProposalsForThisType: 'Bei dieser Frage gibt es keine Vorschläge.',
  noHealDealQuestion: 'Gerade läuft keine Heal-and-Deal-Frage.',
  healDealRoundCalculated: 'Diese Runde wurde bereits abgerechnet.',
  noSelfDamage: 'Ein Team kann sich nicht selbst schaden.',
  unknownUberMode: 'Diese Quizart gibt es nicht.',
  unknownSetting: 'Diese Einstellung gibt es nicht.',
  publishNotABoolean: 'Bitte für „publish“ true oder false senden.',
  noQuizToPublish: 'Es ist kein Quiz geladen, dessen Punkte veröffentlicht werden könnten.',
  invalidRegex: ANSWER_REGEX_TEXTS.invalid,
  regexUnsupported: ANSWER_REGEX_TEXTS.unsupported,
  regexTooComplex: ANSWER_REGEX_TEXTS.tooComplex,
  questionNotFound: 'Diese Frage gibt es nicht.',
  questionExists: 'Diese Frage gibt es bereits.',
  notAShipQuestion: 'Diese Frage ist keine Schiffe-Frage.',
  folderOutsideUploads: 'Dieser Ordner liegt außerhalb der Uploads.',
  countdownNotDue: 'Der Countdown läuft noch.',
  countdownTooLong: 'Ein Countdown dauert höchstens eine Stunde (3600 Sekunden).',
  messageTooLong: `Die Nachricht ist zu lang (höchstens ${MESSAGE_MAX_LENGTH} Zeichen).`,
  tooManyTeamEntries:
    `Euer Team hat zu dieser Frage schon ${MAX_TEAM_ENTRIES_PER_QUESTION} Vorschläge und Chatnachrichten geschrieben. Weitere gehen erst bei der nächsten Frage.`,
  invalidText: 'Der Text enthält ungültige Zeichen.',
  notADrawingQuestion: 'Die aktuelle Frage ist keine Zeichenfrage.',
  drawingInvalid: 'Die Zeichnung konnte nicht gelesen werden.',
  drawingTooLarge: `Die Zeichnung ist zu groß (höchstens ${DRAWING_MAX_POINTS} Punkte). Sie wurde nicht gespeichert.`,
  // show settings (PUT /api/show-settings)
  settingNotAnAddress: SHOW_SETTINGS_TEXTS.notAnAddress,
  settingTooLong: SHOW_SETTINGS_TEXTS.tooLong,
  settingNotAChannel: SHOW_SETTINGS_TEXTS.notAChannel,
  settingLinkLabelMissing: SHOW_SETTINGS_TEXTS.linkLabelMissing,
  settingTooManyLinks: SHOW_SETTINGS_TEXTS.tooManyLinks,
  settingNotADate: SHOW_SETTINGS_TEXTS.notADate,
  settingDateTitleMissing: SHOW_SETTINGS_TEXTS.dateTitleMissing,
  settingTooManyDates: SHOW_SETTINGS_TEXTS.tooManyDates,
  rolesNotAList: 'Die Rollen müssen als Liste gesendet werden, z. B. ["tester"].',
  unknownRole: (role: string) => `Die Rolle „${role}“ gibt es nicht. Möglich sind admin, moderator und tester.`,
  lobbyMessageNotFound: 'Diese Nachricht gibt es nicht (mehr).',
  greetingNotFound: 'Diesen Gruß gibt es nicht.',
  muteMinutesInvalid: `Bitte eine Dauer von 0 bis ${MAX_MUTE_MINUTES} Minuten angeben (0 hebt die Stummschaltung auf).`,
  operatorsCannotBeMuted: 'Admins und Moderatoren können nicht stummgeschaltet werden.',
  /** `minutes`: the minutes left, as text ("einer Minute" for one). */
  muted: (minutes: string) => `Du bist stummgeschaltet und kannst in ${minutes} wieder schreiben.`,
  notATeamMember: 'Diese Person ist nicht in diesem Team.',
  erasedNameReserved: 'Diesen Namen kann niemand wählen: So heißen gelöschte Konten.',
  lastAdminErased: 'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du dieses Konto löschst.',
  lastAdmin: 'Die Show braucht mindestens einen Admin: Gib zuerst einem anderen Benutzer die Rolle admin, bevor du sie hier entfernst.',
  // accounts (abl, token revocation, passwords)
  cannotBlockSelf: 'Du kannst dich nicht selbst sperren.',
  newAccountsClosed: 'Neue Nutzeraccounts können gerade nicht angelegt werden. Bitte versuche es später noch einmal.',
  operatorPasswordTooShort: 'Passwörter von Admin, Moderation und Kontrolle brauchen mindestens 8 Zeichen.',
} as const;

export const texts = { ...specTexts, ...engineTexts } as const;
