/**
 * Moderation and the lobby chat's slow mode (PROTOCOL.md, wave 3, "People who would hurt the show"):
 * mlh, mgh, amu, mtr as events naming who did them; time comes from the command context.
 */
import { LOBBY_CHAT_INTERVAL_MS, globalView, moderatorView, userView } from '../../projections/live';
import { VISITOR } from '../support/world';
import { given, type ExpectedEvent, type Then } from './support/given';
import { q, show, showWithQuestion } from './support/fixtures';

const SLOW = 'Bitte warte kurz, bevor du die nächste Nachricht schickst.';
const FORBIDDEN = 'Dazu fehlt dir die Berechtigung.';

/** Then these events, applied to the world for what follows. */
function thenApplied(then: Then, ...expected: ExpectedEvent[]): void {
  then.thenEvents(...expected);
  then.andApply();
}

describe('lobby chat slow mode (ulc)', () => {
  it('given a user posted, then the next message within 3 s is refused, after 3 s it goes; another user is not held back', () => {
    const s = show();
    s.world.must({ type: 'PostLobbyChat', message: 'eins' }, s.world.as(s.anna));
    s.world.tick(LOBBY_CHAT_INTERVAL_MS - 1);
    given(s.world).when({ type: 'PostLobbyChat', message: 'zwei' }, s.world.as(s.anna)).thenRejected(SLOW);
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'ich auch' }, s.world.as(s.bert))
      .thenEvents({ type: 'LobbyChatMessagePosted' });
    s.world.tick(1);
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'zwei' }, s.world.as(s.anna))
      .thenEvents({ type: 'LobbyChatMessagePosted' });
  });

  it('every entry of the view carries the id of the event that posted it', () => {
    const s = show();
    const [posted] = s.world.must({ type: 'PostLobbyChat', message: 'Hallo' }, s.world.as(s.anna));
    expect(globalView(s.world.state).lobbyChat).toEqual([
      { id: posted!.metadata.eventId, user: 'anna', message: 'Hallo', highlight: false },
    ]);
  });
});

describe('hiding a lobby chat message (mlh)', () => {
  it('given a message, when a moderator hides it, then it is gone for everybody and the event names the moderator', () => {
    const s = show();
    const [posted] = s.world.must({ type: 'PostLobbyChat', message: 'Böse' }, s.world.as(s.anna));
    s.world.tick(LOBBY_CHAT_INTERVAL_MS);
    s.world.must({ type: 'PostLobbyChat', message: 'Nett' }, s.world.as(s.bert));
    const messageId = posted!.metadata.eventId;
    thenApplied(given(s.world).when({ type: 'HideLobbyChatMessage', messageId }, s.world.as(s.moderator)), {
      type: 'LobbyChatMessageHidden',
      data: { messageId, by: s.moderator },
    });
    expect(globalView(s.world.state).lobbyChat.map((e) => e.message)).toEqual(['Nett']);
  });

  it('an unknown or already hidden message is refused; players and testers may not hide', () => {
    const s = show();
    const [posted] = s.world.must({ type: 'PostLobbyChat', message: 'Böse' }, s.world.as(s.anna));
    const messageId = posted!.metadata.eventId;
    given(s.world).when({ type: 'HideLobbyChatMessage', messageId }, s.world.as(s.anna)).thenRejected(FORBIDDEN);
    given(s.world).when({ type: 'HideLobbyChatMessage', messageId }, s.world.as(s.tester)).thenRejected(FORBIDDEN);
    s.world.must({ type: 'HideLobbyChatMessage', messageId }, s.world.as(s.moderator));
    given(s.world)
      .when({ type: 'HideLobbyChatMessage', messageId }, s.world.as(s.moderator))
      .thenRejected('Diese Nachricht gibt es nicht (mehr).');
    given(s.world)
      .when({ type: 'HideLobbyChatMessage', messageId: 'gibt-es-nicht' }, s.world.as(s.moderator))
      .thenRejected('Diese Nachricht gibt es nicht (mehr).');
  });
});

describe('hiding a greeting (mgh)', () => {
  it('given a greeting (listed in the moderator view), when a moderator hides it, then the event names the moderator and the list loses it; hiding it again changes nothing; unknown ones are refused', () => {
    const s = show();
    const [greeting] = s.world.must({ type: 'SubmitGreeting', username: 'Oma', message: 'Hallo' }, VISITOR);
    const greetingId = (greeting!.data as { greetingId: string }).greetingId;
    expect(moderatorView(s.world.state).greetings).toEqual([{ id: greetingId, name: 'Oma', message: 'Hallo' }]);
    given(s.world).when({ type: 'HideGreeting', greetingId }, s.world.as(s.anna)).thenRejected(FORBIDDEN);
    thenApplied(given(s.world).when({ type: 'HideGreeting', greetingId }, s.world.as(s.moderator)), {
      type: 'GreetingHidden',
      data: { greetingId, by: s.moderator },
    });
    expect(s.world.state.greetings.get(greetingId)).toEqual({ hidden: true });
    expect(moderatorView(s.world.state).greetings).toEqual([]);
    given(s.world).when({ type: 'HideGreeting', greetingId }, s.world.as(s.moderator)).thenNoEvents();
    given(s.world)
      .when({ type: 'HideGreeting', greetingId: 'unbekannt' }, s.world.as(s.moderator))
      .thenRejected('Diesen Gruß gibt es nicht.');
  });
});

describe('muting (amu)', () => {
  it('given a user muted for 10 minutes, then their lobby and team chat are refused until then, with the minutes left; proposals still go', () => {
    const s = showWithQuestion([q(1, 1)]);
    thenApplied(given(s.world).whenWire({ type: 'MuteUser', userId: s.anna, minutes: 10 }, s.world.as(s.moderator)), {
      type: 'UserMuted',
      data: { userId: s.anna, minutes: 10, until: s.world.now + 10 * 60_000, by: s.moderator },
    });
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'hallo' }, s.world.as(s.anna))
      .thenRejected('Du bist stummgeschaltet und kannst in 10 Minuten wieder schreiben.');
    given(s.world)
      .when({ type: 'AddTeamChat', message: 'hallo' }, s.world.as(s.anna))
      .thenRejected('Du bist stummgeschaltet und kannst in 10 Minuten wieder schreiben.');
    given(s.world)
      .when({ type: 'AddProposal', message: 'Antwort' }, s.world.as(s.anna))
      .thenEvents({ type: 'ProposalAdded' });
    s.world.tick(9 * 60_000 + 1);
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'hallo' }, s.world.as(s.anna))
      .thenRejected('Du bist stummgeschaltet und kannst in einer Minute wieder schreiben.');
    s.world.tick(60_000);
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'wieder da' }, s.world.as(s.anna))
      .thenEvents({ type: 'LobbyChatMessagePosted' });
  });

  it('0 minutes lifts a mute at once (an admin may too); lifting when nobody is muted changes nothing', () => {
    const s = show();
    s.world.must({ type: 'MuteUser', userId: s.anna, minutes: 60 }, s.world.as(s.moderator));
    thenApplied(given(s.world).whenWire({ type: 'MuteUser', userId: s.anna, minutes: 0 }, s.world.as(s.admin)), {
      type: 'UserMuted',
      data: { userId: s.anna, minutes: 0, until: null, by: s.admin },
    });
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'danke' }, s.world.as(s.anna))
      .thenEvents({ type: 'LobbyChatMessagePosted' });
    given(s.world).whenWire({ type: 'MuteUser', userId: s.bert, minutes: 0 }, s.world.as(s.moderator)).thenNoEvents();
  });

  it('refuses players and testers, unknown users, operators as targets, and durations outside 0 to a day', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'MuteUser', userId: s.bert, minutes: 5 }, s.world.as(s.anna))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .whenWire({ type: 'MuteUser', userId: s.bert, minutes: 5 }, s.world.as(s.tester))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .whenWire({ type: 'MuteUser', userId: 'niemand', minutes: 5 }, s.world.as(s.moderator))
      .thenRejected('Konnte das Team/User nicht finden (niemand)');
    given(s.world)
      .whenWire({ type: 'MuteUser', userId: s.admin, minutes: 5 }, s.world.as(s.moderator))
      .thenRejected('Admins und Moderatoren können nicht stummgeschaltet werden.');
    const badDuration = 'Bitte eine Dauer von 0 bis 1440 Minuten angeben (0 hebt die Stummschaltung auf).';
    for (const minutes of [-1, 1441, 'zehn', 1.5, null]) {
      given(s.world)
        .whenWire({ type: 'MuteUser', userId: s.bert, minutes }, s.world.as(s.moderator))
        .thenRejected(badDuration);
    }
  });
});

describe('taking a member out of a team (mtr)', () => {
  it('given a member, when a moderator takes them out, then they have no team (the team selection again), the team lost them and their star', () => {
    const s = showWithQuestion([q(1, 1)]);
    s.world.must({ type: 'AddProposal', message: 'eins' }, s.world.as(s.anna));
    s.world.must({ type: 'ToggleStar', number: 1 }, s.world.as(s.bert));
    thenApplied(
      given(s.world).when({ type: 'RemoveTeamMember', teamId: s.teamA, userId: s.bert }, s.world.as(s.moderator)),
      {
        type: 'TeamMemberRemoved',
        data: { teamId: s.teamA, userId: s.bert, by: s.moderator },
      },
    );
    expect(s.world.state.users.get(s.bert)!.teamId).toBeNull();
    expect(s.world.state.teams.get(s.teamA)!.memberIds).toEqual([s.anna]);
    expect(s.world.state.plays.get(s.teamA)!.stars).toEqual([]);
    expect(userView(s.world.state, s.bert)!.teamId).toBeNull();
    given(s.world)
      .when({ type: 'AddProposal', message: 'zwei' }, s.world.as(s.bert))
      .thenRejected('Du bist in keinem Team.');
  });

  it('refuses players, unknown teams and users, and users who are not members of that team; an admin may', () => {
    const s = show();
    given(s.world)
      .when({ type: 'RemoveTeamMember', teamId: s.teamA, userId: s.bert }, s.world.as(s.anna))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .when({ type: 'RemoveTeamMember', teamId: 'kein-team', userId: s.bert }, s.world.as(s.moderator))
      .thenRejected('Konnte das Team/User nicht finden (kein-team)');
    given(s.world)
      .when({ type: 'RemoveTeamMember', teamId: s.teamA, userId: 'niemand' }, s.world.as(s.moderator))
      .thenRejected('Konnte das Team/User nicht finden (niemand)');
    given(s.world)
      .when({ type: 'RemoveTeamMember', teamId: s.teamA, userId: s.cleo }, s.world.as(s.moderator))
      .thenRejected('Diese Person ist nicht in diesem Team.');
    given(s.world)
      .when({ type: 'RemoveTeamMember', teamId: s.teamB, userId: s.cleo }, s.world.as(s.admin))
      .thenEvents({ type: 'TeamMemberRemoved' });
  });
});

describe('lobby chat slow mode for everyone (msl) and a closed lobby (mlc)', () => {
  const CLOSED = 'Der Lobby-Chat ist gerade geschlossen.';
  const slowText = (seconds: number, wait: number) =>
    `Im Lobby-Chat ist gerade nur eine Nachricht alle ${seconds} Sekunden erlaubt. Bitte versuche es in ${wait === 1 ? 'einer Sekunde' : `${wait} Sekunden`} noch einmal.`;

  it("given slow mode of 30 s, then after anyone's message every player waits 30 s (new accounts too); moderators are not held; 0 lifts it", () => {
    const s = show();
    thenApplied(given(s.world).whenWire({ type: 'SetLobbySlowMode', seconds: 30 }, s.world.as(s.moderator)), {
      type: 'LobbyChatSlowModeSet',
      data: { seconds: 30, by: s.moderator },
    });
    expect(globalView(s.world.state).lobbyChatSlowSeconds).toBe(30);
    s.world.must({ type: 'PostLobbyChat', message: 'eins' }, s.world.as(s.anna));
    s.world.tick(10_000);
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'ich auch' }, s.world.as(s.bert))
      .thenRejected(slowText(30, 20));
    const fresh = s.world.player('neu');
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'ich bin neu' }, s.world.as(fresh))
      .thenRejected(slowText(30, 20));
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'Ruhe bitte' }, s.world.as(s.moderator))
      .thenEvents({ type: 'LobbyChatMessagePosted' });
    s.world.tick(19_500);
    given(s.world).when({ type: 'PostLobbyChat', message: 'jetzt?' }, s.world.as(s.bert)).thenRejected(slowText(30, 1));
    s.world.tick(500);
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'jetzt' }, s.world.as(s.bert))
      .thenEvents({ type: 'LobbyChatMessagePosted' });
    thenApplied(given(s.world).whenWire({ type: 'SetLobbySlowMode', seconds: 0 }, s.world.as(s.admin)), {
      type: 'LobbyChatSlowModeSet',
      data: { seconds: 0 },
    });
    given(s.world).whenWire({ type: 'SetLobbySlowMode', seconds: 0 }, s.world.as(s.admin)).thenNoEvents();
  });

  it('given the lobby closed, then players are refused in German, moderators still post; opened, players post again', () => {
    const s = show();
    thenApplied(given(s.world).whenWire({ type: 'SetLobbyChatOpen', open: false }, s.world.as(s.moderator)), {
      type: 'LobbyChatOpenSet',
      data: { open: false, by: s.moderator },
    });
    expect(globalView(s.world.state).lobbyChatOpen).toBe(false);
    given(s.world).when({ type: 'PostLobbyChat', message: 'Hallo?' }, s.world.as(s.anna)).thenRejected(CLOSED);
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'Gleich geht es weiter' }, s.world.as(s.moderator))
      .thenEvents({ type: 'LobbyChatMessagePosted' });
    given(s.world).whenWire({ type: 'SetLobbyChatOpen', open: false }, s.world.as(s.moderator)).thenNoEvents();
    thenApplied(given(s.world).whenWire({ type: 'SetLobbyChatOpen', open: true }, s.world.as(s.admin)), {
      type: 'LobbyChatOpenSet',
      data: { open: true },
    });
    given(s.world)
      .when({ type: 'PostLobbyChat', message: 'Hallo!' }, s.world.as(s.anna))
      .thenEvents({ type: 'LobbyChatMessagePosted' });
  });

  it('given a player or a tester, then msl and mlc are refused; slow mode beyond an hour is refused', () => {
    const s = show();
    given(s.world).whenWire({ type: 'SetLobbySlowMode', seconds: 10 }, s.world.as(s.anna)).thenRejected(FORBIDDEN);
    given(s.world).whenWire({ type: 'SetLobbyChatOpen', open: false }, s.world.as(s.anna)).thenRejected(FORBIDDEN);
    given(s.world)
      .whenWire({ type: 'SetLobbySlowMode', seconds: 3601 }, s.world.as(s.moderator))
      .thenRejected('Der langsame Modus braucht eine ganze Zahl von 0 bis 3600 Sekunden.');
  });
});

describe('moderators block players (abl)', () => {
  it('given a moderator, then they block a player; an operator only an admin blocks', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'BlockUser', userId: s.anna, blocked: true }, s.world.as(s.moderator))
      .thenEvents({ type: 'UserBlocked', data: { userId: s.anna, blocked: true, blockedBy: s.moderator } });
    given(s.world)
      .whenWire({ type: 'BlockUser', userId: s.admin, blocked: true }, s.world.as(s.moderator))
      .thenRejected('Admins, Moderatoren und Kontrolleure kann nur ein Admin sperren.');
    given(s.world)
      .whenWire({ type: 'BlockUser', userId: s.moderator, blocked: true }, s.world.as(s.admin))
      .thenEvents({ type: 'UserBlocked' });
    given(s.world)
      .whenWire({ type: 'BlockUser', userId: s.anna, blocked: true }, s.world.as(s.anna))
      .thenRejected(FORBIDDEN);
  });
});
