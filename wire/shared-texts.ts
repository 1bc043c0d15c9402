/**
 * The spec's German texts that the server rejects with and the web app also shows on its own (it checks
 * a form before sending, or says why it cannot send): one place for both. Verbatim, typos included.
 */
export const SHARED_TEXTS = {
  teamPasswordTooShort: 'Das Team-Passwort muss mindestens 6 Zeichen lang sein.',
  loginTaken: 'Konnte diesen Nutzeraccount nicht anlegen, da es den Namen bereits gibt.',
  loginIsTeamName: 'Konnte diesen Nutzeraccount nicht anlegen, da es bereits ein Team mit diesem Namen.',
  registrationFailed: 'Konnte diesen Nutzeraccount nicht anlegen.',
  registrationPasswordMismatch:
    'Das Passwort und die Passwort-Wiederholung stimmen nicht überein. Bitte überprüfe beide.',
  profilePasswordMismatch: 'Das Passwort stimmt nicht mit der Passwort-Wiederholung überein.',
  displayNameTooShort: 'Dein Anzeigename darf nicht leer sein oder zu kürzer als 3.',
  /** ENGINE: the spec has a text only for too short a name (docs/decisions/browser-bundle.md). */
  displayNameTooLong: 'Dein Anzeigename darf höchstens 50 Zeichen lang sein.',
  greetingFieldMissing: 'Du musst sowohl einen Namen als auch eine Nachricht eingeben.',
  greetingNameTooLong: 'Der Namen ist länger als 50 Zeichen.',
  greetingMessageTooLong: 'Die Nachricht ist länger als 500 Zeichen.',
  qrTeamNameMissing: 'Du musst einen Namen eingeben.',
  qrTeamAmountNotNumeric: 'Die Mitgliederanzahl muss eine Zahl sien.',
  formFailed: 'Ein Fehler ist aufgetreten. Bitte versuche es gleich noch einmal.',
  /** ENGINE: the create-team dialog's notice, also the QR sign-up's refusal while registrations are closed. */
  registrationsClosed: 'Neue Registrierungen sind gerade geschlossen.',
  teamJoinFailed: 'Teambeitritt hat leider nicht funktioniert.',
  uploadNotAnImage: 'Bitte nur Bilder hochladen',
  uploadTooLarge: 'Bitte nicht zu große Bilder hochladen',
  uploadNameMissing: 'Du musst eine Auflösung eingeben',
  uploadFailed: 'Beim Speichern ist ein Fehler aufgetreten.',
  maintenance: 'Der Server wird gerade neu gestartet, daher kannst du nichts zum Server senden.',
  notAuthenticated: 'Es wurde versucht ein Websocket zu erstellen, bevor wir authentifizierungsdaten haben.',
  healOnlyForLiving: 'Heilen ist nur für Lebende möglich!',
  wrongCredentials: 'Sie haben ein falschen Nutzername oder ein falsches Passwort eingegeben.',
  teamNameTaken: 'Konnte Gruppe nicht anlegen, da es den Namen bereits gibt.',
  teamCreationFailed: 'Konnte Gruppe nicht anlegen.',
  teamSaveFailed: 'Beim Speichern des Teams ist ein Fehler aufgetreten.',
  // the moderator's quiz and question controls (operator-side §8)
  uberModeOnlyWithoutQuestion: 'Die Quizart kann nur geändert werden, während keine Frage aktiv ist.',
  nextQuestionOnlyWithoutQuestion:
    'Es kann kann nicht die nächste Frage gestartet werden, wenn gerade eine Frage aktiv ist.',
  countdownOnlyWithQuestion: 'Es kann kein Countdown gestartet werden, wenn gerade keine Frage aktiv ist.',
  quizNotFound: (n: string) => `Es gibt kein Quiz mit der Nummer ${n}`,
  quizEmpty: 'Das ausgewählte Quiz hat keine Fragen (leerer Content).',
  noFurtherQuestion: 'Es konnte keine weitere Frage gefunden werden.',
  quizLoadFailed: 'Es ist ein Fehler beim Laden vom Quiz aufgetreten, vermutlich wurde eine falsche QuizID angegeben.',
  quizNameMissing: 'Kein Quizname gesetzt. Das Quiz wurde nicht gespeichert',
  quizYearWeekMissing: 'Kein YearWeek gesetzt. Das Quiz wurde nicht gespeichert',
  quizQuestionsMissing: 'Keine Fragen gesetzt gesetzt. Das Quiz wurde nicht gespeichert',
  quizSaveFailed: 'Es ist ein Fehler beim Speichern aufgetreten.',
  contentUnreadable: 'konnte String nicht einlesen.',
  /** ENGINE: "Passwort vergessen?" without a name or address (docs/decisions/password-reset.md). */
  passwordResetNameOrEmail: 'Bitte gib deinen Nutzernamen oder deine E-Mail-Adresse an.',
  // the checker
  noMatchingAnswer: 'Keine Antwort mit den gewünschten Einschränkungen gefunden',
} as const;
