/**
 * The replay and audit screen's German texts (/admin/replay), the largest part of the app's texts: loaded
 * with that screen only. `t` is the operator screens' texts with these beside them.
 */
import { t as operatorScreenTexts } from './operator';

export const replayTexts = {
  replay: {
    heading: 'Replay eines Quizabends',
    nightLabel: 'Quizabend',
    nightChoose: 'Quizabend wählen …',
    nightOption: (id: string, quiz: string, started: string) => `#${id} · ${quiz} · ${started}`,
    load: 'Laden',
    openFile: 'Oder Aufzeichnung öffnen (JSON Lines)',
    loading: 'Ereignisse werden geladen …',
    nightsFailed: 'Die Quizabende konnten nicht geladen werden.',
    noNights: 'Es gibt noch keine aufgezeichneten Quizabende.',
    loadFailed: 'Die Ereignisse konnten nicht geladen werden.',
    onlyNightStream:
      'Der Server liefert keinen Export: nur der Stream des Abends ist geladen (ohne Benutzer, Teams und Quiz). Namen und Ansichten sind unvollständig.',
    problems: (n: number) => `${n} Zeilen konnten nicht gelesen werden.`,
    noEvents: 'Keine Ereignisse.',
    timelineLabel: 'Zeitleiste',
    timelineHint: 'Leertaste: Abspielen/Pause · Pfeiltasten: Schritt · Bild auf/ab: 50 Schritte · Pos1/Ende',
    position: (p: number, n: number) => `Ereignis ${p} von ${n}`,
    start: 'Zum Anfang',
    end: 'Zum Ende',
    back: 'Schritt zurück',
    forward: 'Schritt vor',
    play: 'Abspielen',
    pause: 'Pause',
    speed: 'Tempo',
    speedOption: (s: number) => `${s}x`,
    eventTime: 'Zeitpunkt',
    tabViews: 'Ansichten',
    tabEvents: 'Ereignisse',
    tabPoints: 'Punkte',
    tabAudit: 'Prüfung',
    viewer: 'Ansicht als',
    viewerGlobal: 'Alle (global)',
    viewerModerator: 'Moderation',
    viewerTeam: (name: string) => `Team: ${name}`,
    viewerPlayer: (name: string, team: string) => `Spieler: ${name}${team ? ` (${team})` : ''}`,
    teamsGroup: 'Teams',
    playersGroup: 'Spieler',
    readOnly: 'Nur Ansicht: Eingaben sind im Replay gesperrt.',
    eventsHeading: 'Ereignisse',
    eventsWindow: (from: number, to: number, n: number) => `Ereignisse ${from}–${to} von ${n}`,
    search: 'Ereignisse durchsuchen',
    searchHint: 'Typ, Name, Text oder Korrelations-ID, z. B. „Besserwisser Favorit“ oder „AnswerRated“',
    searchResult: (n: number, more: boolean) => `${n}${more ? '+' : ''} Treffer`,
    colNumber: 'Nr.',
    colTime: 'Zeit',
    colActor: 'Wer',
    colType: 'Typ',
    colDescription: 'Beschreibung',
    colCause: 'Ursache',
    colCorrelation: 'Korrelation',
    causeCommand: 'Befehl',
    causeEvent: (n: number) => `Ereignis ${n}`,
    causeJump: (n: number) => `Zur Ursache springen: Ereignis ${n}`,
    correlationTitle: (id: string) => `Korrelations-ID ${id}: suchen zeigt alle Ereignisse dieses Vorgangs`,
    jumpTo: (n: number) => `Zu Ereignis ${n} springen`,
    pointsHeading: 'Punkte an dieser Stelle',
    auditTeam: (name: string) => `Prüfung von ${name} öffnen`,
    noQuiz: 'Noch kein Quiz an dieser Stelle.',
    noPoints: 'Noch keine Punkte.',
    team: 'Team',
    round: (r: number) => `Runde ${r}`,
    total: 'Gesamt',
    rank: 'Platz',
    system: 'System',
    unknownUser: (id: string) => `(unbekannt: ${id})`,
    console: (account: string) => `Server-Konsole (${account})`,
    noRoles: 'keine Rollen',
    unknownTeam: (id: string) => `Team ${id}`,
    roles: { admin: 'Admin', moderator: 'Moderation', tester: 'Kontrolle' } as Record<string, string>,
    joinVia: { creation: 'Gründung', password: 'Passwort', fusion: 'Fusion', invite: 'Einladung' } as Record<
      string,
      string
    >,
    marks: { correct: 'richtig', wrong: 'falsch', unchecked: 'ungeprüft' } as Record<string, string>,
    uploadKinds: { team: 'Teambild', question: 'Antwortbild', user: 'Pausenbild', show: 'Show-Logo' } as Record<
      string,
      string
    >,
    healDealSettings: {
      startHp: 'Start-Lebenspunkte',
      healingPerRound: 'Heilung',
      damagePerRound: 'Schaden',
      damagePerRoundZombie: 'Zombie-Schaden',
    } as Record<string, string>,
    ev: {
      UserRegistered: (name: string, login: string, roles: string) =>
        `Benutzer „${name}“ (${login}) registriert${roles ? ` – Rollen: ${roles}` : ''}`,
      UserProfileUpdated: (name: string) => `Profilname geändert auf „${name}“`,
      UserPasswordChanged: (user: string) => `Passwort von ${user} geändert`,
      EmailPopupSeen: (user: string) => `${user} hat das E-Mail-Popup gesehen`,
      LoginLinkCreated: (user: string) => `Einmal-Login-Link für ${user} erstellt`,
      UserRolesChanged: (user: string, roles: string, previous: string) =>
        `Rollen von ${user} geändert: ${previous} → ${roles}`,
      UserTokensRevoked: (user: string) => `${user} hat sich überall abgemeldet`,
      UserBlocked: (user: string, blocked: boolean) => (blocked ? `${user} gesperrt` : `${user} entsperrt`),
      UserErased: (by: string, self: boolean) =>
        self ? 'Ein Konto wurde von seinem Inhaber gelöscht' : `${by} löscht ein Konto`,
      UserEmailChanged: (user: string) => `${user} hat die E-Mail-Adresse geändert`,
      PasswordResetLinkCreated: (user: string, by: string | null) =>
        by === null
          ? `Link für ein neues Passwort per E-Mail an ${user}`
          : `${by} erstellt einen Link für ein neues Passwort für ${user}`,
      TeamCreated: (team: string, qr: boolean) => `Team „${team}“ gegründet${qr ? ' (QR-Anmeldung)' : ''}`,
      TeamJoined: (user: string, team: string, via: string) => `${user} tritt Team „${team}“ bei (${via})`,
      TeamEdited: (team: string) => `Team „${team}“ bearbeitet`,
      TeamInviteCreated: (team: string) => `Einladungslink für Team „${team}“ erstellt`,
      TeamDeleted: (team: string) => `Team „${team}“ gelöscht`,
      TeamPasswordChanged: (by: string, team: string) =>
        `${by} ändert das Passwort von Team „${team}“ (Einladungslinks beendet)`,
      TeamInvitesEnded: (by: string, team: string) => `${by} beendet die Einladungslinks von Team „${team}“`,
      TeamLeft: (user: string, team: string) => `${user} verlässt Team „${team}“`,
      TeamBarLifted: (by: string, user: string, team: string) => `${by} lässt ${user} wieder in Team „${team}“`,
      QuizCreated: (quiz: string, count: number) => `Quiz „${quiz}“ angelegt (${count} Fragen)`,
      QuizEdited: (quiz: string, count: number) => `Quiz „${quiz}“ bearbeitet (${count} Fragen)`,
      TieBreakQuestionAdded: (quiz: string, round: number, number: number) =>
        `Stechfrage zu Quiz „${quiz}“ hinzugefügt (Frage ${round}.${number})`,
      NightStarted: (quiz: string) => `Quizabend mit Quiz „${quiz}“ beginnt`,
      QuestionStarted: (round: number, number: number, type: string, single: boolean) =>
        `Frage ${round}.${number} (${type}) gestartet${single ? ' – Einzelspiel' : ''}`,
      CountdownStarted: (seconds: number, endsAt: string) => `Countdown ${seconds} s gestartet, endet um ${endsAt}`,
      CountdownExpired: (endsAt: string) => `Countdown abgelaufen (Ende ${endsAt})`,
      QuestionEnded: (round: number, number: number, byCountdown: boolean) =>
        `Frage ${round}.${number} beendet (${byCountdown ? 'Countdown abgelaufen' : 'von der Moderation gestoppt'})`,
      AnswersLockedIn: (round: number, number: number, count: number) =>
        `${count} ${count === 1 ? 'Antwort' : 'Antworten'} zu Frage ${round}.${number} eingeloggt`,
      LiveGameReset: (round: number, number: number) => `Harter Reset auf Frage ${round}.${number}`,
      QuizzleAccepted: (team: string, answer: string) => `Quizzle-Lösung „${answer}“ von ${team} angenommen`,
      QuizzleRejected: (team: string, key: number) => `Quizzle-Angebot V${key} von ${team} abgelehnt`,
      ProposalAdded: (user: string, team: string, key: number, message: string) =>
        `${user} (${team}) schlägt V${key} vor: „${message}“`,
      TeamChatPosted: (user: string, team: string, message: string) => `${user} (${team}) im Team-Chat: „${message}“`,
      ProposalDeleted: (user: string, team: string, key: number) => `${user} (${team}) löscht Vorschlag V${key}`,
      FavoriteChosen: (user: string, team: string, key: number) => `${user} (${team}) macht V${key} zum Favoriten`,
      StarGiven: (user: string, team: string, key: number) => `${user} (${team}) gibt V${key} einen Stern`,
      StarTakenBack: (user: string, team: string) => `${user} (${team}) nimmt den eigenen Stern zurück`,
      QuizzleOffered: (team: string, key: number, answer: string) =>
        `${team} bietet V${key} „${answer}“ als Quizzle-Lösung an`,
      SingleAnswerSubmitted: (user: string, message: string) => `${user} antwortet im Einzelspiel: „${message}“`,
      LobbyChatMessagePosted: (name: string, message: string) => `${name} im Lobby-Chat: „${message}“`,
      AnswerRated: (tester: string, answer: string, owner: string, points: number, change: string, flags: string) =>
        `${tester} bewertet „${answer}“ (${owner}): ${points} Punkte${change}${flags}`,
      AnswersBulkRated: (regex: string, round: number, number: number, count: number, mark: string, points: number) =>
        `Regex /${regex}/ auf Frage ${round}.${number}: ${count} ${count === 1 ? 'Antwort' : 'Antworten'} ${mark} (${points} Punkte)`,
      CheckingStarted: (tester: string, quiz: string) => `${tester} beginnt mit der Kontrolle von Quiz „${quiz}“`,
      HealDealChosen: (team: string, heal: boolean, target: string, amount: number, round: number) =>
        `${team} ${heal ? 'heilt' : 'schadet'} ${target} um ${amount} (Runde ${round})`,
      HealDealCalculated: (round: number, count: number) => `Heal and Deal: Runde ${round} berechnet (${count} Teams)`,
      HealDealSettingChanged: (setting: string, round: number | null, value: number) =>
        `Heal and Deal: ${setting}${round === null ? '' : ` in Runde ${round}`} = ${value}`,
      ShipQuestionCorrected: (round: number, number: number, count: number) =>
        `Schiffe-versenken-Frage ${round}.${number} korrigiert (${count} Antworten)`,
      OverviewMessageSet: (message: string) =>
        message ? `Übersichtsnachricht gesetzt: „${message}“` : 'Übersichtsnachricht gelöscht',
      FeatureFlagsSet: (flags: string) => `Feature-Flags gesetzt: ${flags || '(leer)'}`,
      MaintenanceStarted: (until: string) => `Wartung: Neuverbindung um ${until}`,
      MaintenanceEnded: 'Wartung beendet',
      RegistrationsOpened: 'Registrierung geöffnet',
      RegistrationsClosed: 'Registrierung geschlossen',
      UberModeChanged: (modus: string) => `Anzeigemodus: ${modus}`,
      UberMessageSet: (message: string) =>
        message ? `Anzeige-Nachricht gesetzt: „${message}“` : 'Anzeige-Nachricht gelöscht',
      InstructionsShown: 'Anleitung angezeigt',
      PaintingStrokeDrawn: (color: string) => `Strich auf der Malfläche (${color})`,
      PaintingCleared: 'Malfläche geleert',
      PointsPublished: (count: number) => `Rangliste veröffentlicht (${count} Teams)`,
      PointsUnpublished: 'Rangliste zurückgezogen',
      LiveStateReset: 'Live-Zustand auf den Anfang zurückgesetzt (Abend beendet)',
      ShowSettingsChanged: (newsletter: string) =>
        `Show-Einstellungen geändert (Newsletter: ${newsletter || 'nicht gesetzt'})`,
      UploadRecorded: (
        user: string,
        count: number,
        kind: string,
        question: { round: number; number: number } | null = null,
      ) =>
        `${user} lädt ${count} ${count === 1 ? 'Bild' : 'Bilder'} hoch (${kind}${question ? `, Runde ${question.round}, Frage ${question.number}` : ''})`,
      GreetingSubmitted: (name: string, message: string) => `Gruß von ${name}: „${message}“`,
      DrawingSaved: (user: string, round: number, number: number, strokes: number) =>
        `${user} speichert die Zeichnung zu Frage ${round}.${number} (${strokes} ${strokes === 1 ? 'Strich' : 'Striche'})`,
      LobbyChatMessageHidden: (by: string) => `${by} blendet eine Lobby-Chat-Nachricht aus`,
      GreetingHidden: (by: string) => `${by} blendet einen Gruß aus`,
      UserMuted: (by: string, user: string, minutes: number) =>
        minutes === 0
          ? `${by} hebt die Stummschaltung von ${user} auf`
          : `${by} schaltet ${user} für ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} stumm`,
      TeamMemberRemoved: (by: string, user: string, team: string) => `${by} nimmt ${user} aus dem Team „${team}“`,
      OverlayLinkCreated: (by: string) => `${by} erstellt einen Overlay-Link`,
      OverlayLinkRevoked: (by: string) => `${by} widerruft einen Overlay-Link`,
      LobbyChatSlowModeSet: (by: string, seconds: number) =>
        seconds === 0
          ? `${by} beendet den langsamen Modus des Lobby-Chats`
          : `${by} setzt den Lobby-Chat auf eine Nachricht alle ${seconds} Sekunden`,
      LobbyChatOpenSet: (by: string, open: boolean) =>
        open ? `${by} öffnet den Lobby-Chat` : `${by} schließt den Lobby-Chat`,
      LobbyChatMessageRestored: (by: string) => `${by} zeigt eine ausgeblendete Lobby-Chat-Nachricht wieder`,
      TeamRenamed: (by: string, team: string, name: string) => `${by} benennt das Team „${team}“ in „${name}“ um`,
      UserRenamed: (by: string, user: string, name: string) => `${by} ändert den Anzeigenamen von ${user} in „${name}“`,
      TeamLogoCleared: (by: string, team: string) => `${by} entfernt Logo und Link des Teams „${team}“`,
      PictureHidden: (by: string, fileName: string, hidden: boolean) =>
        hidden ? `${by} blendet das Bild ${fileName} aus` : `${by} zeigt das Bild ${fileName} wieder`,
    },
    changeSuffix: (change: number) => ` (${change > 0 ? '+' : ''}${change})`,
    likedSuffix: ', gelikt',
    uncheckedSuffix: ', nicht als geprüft markiert',
    audit: {
      heading: 'Prüfung',
      intro:
        'Warum hat ein Team diese Punkte? Team und Runde wählen: jede Antwort mit Vorschlag, Sternen, Favorit, Einloggen gegen den Countdown und allen Bewertungen.',
      byTeam: 'Nach Team',
      byTester: 'Nach Kontrolleur',
      team: 'Team',
      round: 'Runde',
      allRounds: 'Alle Runden',
      tester: 'Kontrolleur',
      chooseTeam: 'Team wählen …',
      chooseTester: 'Kontrolleur wählen …',
      noAnswers: 'Keine eingeloggten Antworten bis zu dieser Stelle.',
      noRatings: 'Keine Bewertungen bis zu dieser Stelle.',
      roundTotal: (round: number, points: number) => `Runde ${round}: ${points} Punkte`,
      question: (round: number, number: number) => `Frage ${round}.${number}`,
      maxPoints: (n: number) => `max. ${n}`,
      answer: 'Antwort',
      noAnswer: '(keine Antwort)',
      proposal: 'Vorschlag',
      solution: 'Lösung',
      points: 'Punkte',
      resultPoints: (n: number) => `${n} Punkte`,
      proposedBy: (user: string, time: string) => `Vorgeschlagen von ${user} um ${time}`,
      authorOnly: (user: string) => `Autor: ${user}`,
      stars: 'Sterne',
      noStars: 'keine Sterne',
      starBy: (user: string, time: string) => `${user} (${time})`,
      favourite: 'Favorit',
      favouriteBy: (user: string, time: string, relative: string) => `${user} um ${time}${relative}`,
      notFavourite: 'nicht als Favorit genommen',
      basis: 'Grund',
      bases: {
        favourite: 'Favorit des Teams',
        stars: 'meiste Sterne (bei Gleichstand der neueste Vorschlag)',
        only: 'einziger Vorschlag',
        single: 'eigene Antwort (Einzelspiel)',
        unknown:
          'unbekannt: Diese Aufzeichnung ist älter und hat nicht festgehalten, welcher Vorschlag warum genommen wurde.',
      },
      notRecorded: 'nicht aufgezeichnet',
      lockIn: 'Eingeloggt',
      lockInAt: (time: string) => `um ${time}`,
      countdownEnd: (time: string) => `Countdown-Ende ${time}`,
      noCountdown: 'ohne Countdown',
      endedBy: { countdown: 'Countdown abgelaufen', moderator: 'von der Moderation gestoppt' } as Record<
        string,
        string
      >,
      relative: (text: string) => ` (${text})`,
      afterEnd: (ms: string) => `${ms} nach Countdown-Ende`,
      beforeEnd: (ms: string) => `${ms} vor Countdown-Ende`,
      atEnd: 'genau bei Countdown-Ende',
      ratings: 'Bewertungen',
      notRated: 'noch nicht bewertet',
      rating: (tester: string, time: string, value: string) => `${tester} um ${time}: ${value}`,
      ratingValue: (points: number, change: number | null) =>
        change === null ? `${points} Punkte` : `${change > 0 ? '+' : ''}${change} → ${points} Punkte`,
      bulk: (regex: string, mark: string, points: number) => `Regex /${regex}/ ${mark} → ${points} Punkte`,
      ship: (hits: number, survived: boolean, points: number) =>
        `Schiffe: ${hits} Treffer${survived ? ', Lager unversehrt' : ''} → ${points} Punkte`,
      liked: 'gelikt',
      checked: 'geprüft',
      colTime: 'Zeit',
      colQuestion: 'Frage',
      colTeam: 'Team',
      colAnswer: 'Antwort',
      colValue: 'Bewertung',
      ratingCount: (n: number) => `${n} ${n === 1 ? 'Bewertung' : 'Bewertungen'}`,
    },
  },
};

/** The operator screens' texts and the replay's own. */
export const t = { ...operatorScreenTexts, ...replayTexts };
