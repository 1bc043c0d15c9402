/**
 * The spec's German texts that the server rejects with and the web app also shows on its own (it checks
 * a form before sending, or says why it cannot send): one place for both. Verbatim, typos included.
 */
export const SHARED_TEXTS = {
  teamPasswordTooShort: 'Das Team-Passwort muss mindestens 6 Zeichen lang sein.',
  loginTaken: 'Konnte diesen Nutzeraccount nicht anlegen, da es den Namen bereits gibt.',
  loginIsTeamName: 'Konnte diesen Nutzeraccount nicht anlegen, da es bereits ein Team mit diesem Namen.',
  registrationFailed: 'Konnte diesen Nutzeraccount nicht anlegen.',
  registrationPasswordMismatch: 'Das Passwort und die Passwort-Wiederholung stimmen nicht überein. Bitte überprüfe beide.',
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
} as const;
