/**
 * Moderators' hands on content (PROTOCOL.md wave 5): mtn, mun, mtl, mph, restoring a hidden lobby
 * line (mlh with `hidden: false`) and lifting a block (abl with `blocked: false`), as given/when/then;
 * and what the team, the user and the moderators see afterwards.
 */
import { CONTENT_MODERATION_TEXTS as T } from '../../src/commands/content-moderation';
import {
  HIDDEN_PICTURE_TEXT,
  LOBBY_CHAT_INTERVAL_MS,
  MODERATED_TEXTS,
  globalView,
  moderatorView,
  operatorView,
  teamView,
  userView,
} from '../../projections/live';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { teamListResource } from '../../src/http/json-api';
import { answerQuery } from '../../src/queries/query-table';
import { given, type ExpectedEvent, type Then } from './support/given';
import { q, show, showWithQuestion } from './support/fixtures';

const FORBIDDEN = 'Dazu fehlt dir die Berechtigung.';
const UUID = '0b6c7f0e-3f1a-4c7e-9d2b-1a2b3c4d5e6f';

function thenApplied(then: Then, ...expected: ExpectedEvent[]): void {
  then.thenEvents(...expected);
  then.andApply();
}

describe('renaming a team (mtn)', () => {
  it('given an offensive team name, when a moderator renames it, then the event names the moderator, the team shows the new name with a German notice, and the old name is free', () => {
    const s = show();
    thenApplied(
      given(s.world).whenWire({ type: 'RenameTeam', teamId: s.teamA, name: '  Die Netten  ' }, s.world.as(s.moderator)),
      {
        type: 'TeamRenamed',
        data: { teamId: s.teamA, name: 'Die Netten', by: s.moderator },
      },
    );
    const view = teamView(s.world.state, s.teamA)!;
    expect(view.name).toBe('Die Netten');
    expect(view.notice?.text).toBe(MODERATED_TEXTS.teamRenamed('Die Netten'));
    expect(operatorView(s.world.state).teams[s.teamA]!.name).toBe('Die Netten');
    // The old name is free for another team, the new one taken.
    given(s.world)
      .whenWire({ type: 'RenameTeam', teamId: s.teamB, name: 'die ahnungslosen' }, s.world.as(s.moderator))
      .thenEvents({ type: 'TeamRenamed' });
    given(s.world)
      .whenWire({ type: 'RenameTeam', teamId: s.teamB, name: 'DIE NETTEN' }, s.world.as(s.moderator))
      .thenRejected(T.teamNameTaken);
  });

  it('the rules of team names hold: not empty, at most 50 characters, no fusion name; the same name again appends nothing', () => {
    const s = show();
    const mtn = (name: string) =>
      given(s.world).whenWire({ type: 'RenameTeam', teamId: s.teamA, name }, s.world.as(s.moderator));
    mtn('   ').thenRejected(T.teamNameMissing);
    mtn('x'.repeat(51)).thenRejected(T.teamNameTooLong);
    mtn('x'.repeat(50)).thenEvents({ type: 'TeamRenamed' });
    mtn('Fusionsteam 7').thenRejected(T.fusionNameReserved);
    mtn('Die Ahnungslosen').thenNoEvents();
    // Another spelling of the own name is a rename, not a conflict with itself.
    mtn('die ahnungslosen').thenEvents({ type: 'TeamRenamed', data: { name: 'die ahnungslosen' } });
  });

  it('players and testers may not rename; an unknown team is refused', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'RenameTeam', teamId: s.teamA, name: 'Neu' }, s.world.as(s.anna))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .whenWire({ type: 'RenameTeam', teamId: s.teamA, name: 'Neu' }, s.world.as(s.tester))
      .thenRejected(FORBIDDEN);
    given(s.world)
      .whenWire({ type: 'RenameTeam', teamId: 'gibt-es-nicht', name: 'Neu' }, s.world.as(s.moderator))
      .thenRejected('Konnte das Team/User nicht finden (gibt-es-nicht)');
  });
});

describe("renaming a user's display name (mun)", () => {
  it('given a player, when a moderator renames them, then the user sees the new name with a German notice and the team lists it', () => {
    const s = show();
    thenApplied(
      given(s.world).whenWire({ type: 'RenameUser', userId: s.anna, name: ' Spielerin 1 ' }, s.world.as(s.moderator)),
      {
        type: 'UserRenamed',
        data: { userId: s.anna, name: 'Spielerin 1', by: s.moderator },
      },
    );
    const view = userView(s.world.state, s.anna)!;
    expect(view.name).toBe('Spielerin 1');
    expect(view.notice?.text).toBe(MODERATED_TEXTS.userRenamed('Spielerin 1'));
    expect(teamView(s.world.state, s.teamA)!.members[s.anna]!.name).toBe('Spielerin 1');
  });

  it('the rules of display names hold (3 to 50 characters, never the erased accounts name); the same name appends nothing', () => {
    const s = show();
    const mun = (name: string) =>
      given(s.world).whenWire({ type: 'RenameUser', userId: s.anna, name }, s.world.as(s.moderator));
    mun('ab').thenRejected(T.displayNameLength);
    mun('x'.repeat(51)).thenRejected(T.displayNameLength);
    mun('gelöschtes konto').thenRejected(T.erasedNameReserved);
    mun('anna').thenNoEvents();
  });

  it("an operator's name is an admin's to change; players may not rename anyone", () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'RenameUser', userId: s.tester, name: 'Prüferin' }, s.world.as(s.moderator))
      .thenRejected(T.operatorsRenamedByAdminsOnly);
    given(s.world)
      .whenWire({ type: 'RenameUser', userId: s.tester, name: 'Prüferin' }, s.world.as(s.admin))
      .thenEvents({ type: 'UserRenamed' });
    given(s.world)
      .whenWire({ type: 'RenameUser', userId: s.bert, name: 'Bertram' }, s.world.as(s.anna))
      .thenRejected(FORBIDDEN);
  });
});

describe("clearing a team's logo and link (mtl)", () => {
  it('given a team with a logo, when a moderator clears it, then the team has none and sees a German notice; clearing again appends nothing', () => {
    const s = show();
    s.world.must(
      { type: 'EditTeam', url: 'https://example.org/boese.png', stadt: 'Köln', beschreibung: 'Wir' },
      s.world.as(s.anna),
    );
    thenApplied(given(s.world).whenWire({ type: 'ClearTeamLogo', teamId: s.teamA }, s.world.as(s.moderator)), {
      type: 'TeamLogoCleared',
      data: { teamId: s.teamA, by: s.moderator },
    });
    const view = teamView(s.world.state, s.teamA)!;
    expect(view.url).toBe('');
    expect(view.stadt).toBe('Köln');
    expect(view.notice?.text).toBe(MODERATED_TEXTS.teamLogoCleared);
    given(s.world).whenWire({ type: 'ClearTeamLogo', teamId: s.teamA }, s.world.as(s.moderator)).thenNoEvents();
    given(s.world).whenWire({ type: 'ClearTeamLogo', teamId: s.teamA }, s.world.as(s.bert)).thenRejected(FORBIDDEN);
  });
});

describe('hiding a picture (mph)', () => {
  it('given a selfie proposal, when a moderator hides the picture, then the team sees the hidden text instead, the moderators list it; showing it again brings it back', () => {
    const s = showWithQuestion([q(1, 1, 'selfie')]);
    const picture = `question/${s.teamA}/${UUID}.png`;
    s.world.must({ type: 'AddProposal', message: picture }, s.world.as(s.anna));
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna));
    thenApplied(
      given(s.world).whenWire({ type: 'HidePicture', fileName: picture, hidden: true }, s.world.as(s.moderator)),
      {
        type: 'PictureHidden',
        data: { fileName: picture, hidden: true, by: s.moderator },
      },
    );
    expect(teamView(s.world.state, s.teamA)!.proposals[1]!.message).toBe(HIDDEN_PICTURE_TEXT);
    expect(moderatorView(s.world.state).hiddenPictures).toEqual([picture]);
    given(s.world)
      .whenWire({ type: 'HidePicture', fileName: picture, hidden: true }, s.world.as(s.moderator))
      .thenNoEvents();
    thenApplied(
      given(s.world).whenWire({ type: 'HidePicture', fileName: picture, hidden: false }, s.world.as(s.moderator)),
      {
        type: 'PictureHidden',
        data: { fileName: picture, hidden: false },
      },
    );
    expect(teamView(s.world.state, s.teamA)!.proposals[1]!.message).toBe(picture);
    expect(moderatorView(s.world.state).hiddenPictures).toEqual([]);
  });

  it("a hidden team logo (an upload) vanishes from the team's view, the file name stays in the state for the audit", () => {
    const s = show();
    const logo = `team/${s.teamA}/${UUID}.png`;
    s.world.must({ type: 'EditTeam', url: logo, stadt: 'Köln', beschreibung: 'Wir' }, s.world.as(s.anna));
    s.world.must({ type: 'HidePicture', fileName: logo, hidden: true }, s.world.as(s.moderator));
    expect(teamView(s.world.state, s.teamA)!.url).toBe('');
    expect(s.world.state.teams.get(s.teamA)!.url).toBe(logo);
  });

  it("the teams list leaves a hidden logo out, and the picture viewer's folder (muf) marks the hidden picture", async () => {
    const s = show();
    const logo = `team/${s.teamA}/${UUID}.png`;
    s.world.must({ type: 'EditTeam', url: logo, stadt: 'Köln', beschreibung: 'Wir' }, s.world.as(s.anna));
    s.world.must({ type: 'HidePicture', fileName: logo, hidden: true }, s.world.as(s.moderator));
    expect(teamListResource(s.world.state, s.world.state.teams.get(s.teamA)!, false).attributes.url).toBe('');
    const uploadsDir = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    try {
      await mkdir(path.join(uploadsDir, 'team', s.teamA), { recursive: true });
      await writeFile(path.join(uploadsDir, logo), 'png');
      await writeFile(path.join(uploadsDir, 'team', s.teamA, `${UUID.replace('0b', '1b')}.png`), 'png');
      const answer = await answerQuery('muf', { folder: `team/${s.teamA}` }, s.world.as(s.moderator), {
        state: s.world.state,
        uploadsDir,
      });
      expect(answer).toEqual({
        folder: [
          { name: `${UUID}.png`, isFile: true, hidden: true },
          { name: `${UUID.replace('0b', '1b')}.png`, isFile: true },
        ],
      });
    } finally {
      await rm(uploadsDir, { recursive: true, force: true });
    }
  });

  it('only a stored upload name can be hidden; players may not hide', () => {
    const s = show();
    given(s.world)
      .whenWire({ type: 'HidePicture', fileName: '../../etc/passwd' }, s.world.as(s.moderator))
      .thenRejected(T.notAPicture);
    given(s.world)
      .whenWire({ type: 'HidePicture', fileName: `user/${s.anna}/${UUID}.png` }, s.world.as(s.anna))
      .thenRejected(FORBIDDEN);
  });
});

describe('restoring a hidden lobby line (mlh with hidden: false)', () => {
  it('given a hidden line, when a moderator restores it, then it shows again where it was; a line not hidden appends nothing; an unknown one is refused', () => {
    const s = show();
    const [first] = s.world.must({ type: 'PostLobbyChat', message: 'Erst' }, s.world.as(s.anna));
    s.world.tick(LOBBY_CHAT_INTERVAL_MS);
    s.world.must({ type: 'PostLobbyChat', message: 'Dann' }, s.world.as(s.bert));
    const messageId = first!.metadata.eventId;
    s.world.must({ type: 'HideLobbyChatMessage', messageId }, s.world.as(s.moderator));
    expect(moderatorView(s.world.state).hiddenLobbyChat).toEqual([{ id: messageId, user: 'anna', message: 'Erst' }]);
    thenApplied(
      given(s.world).whenWire({ type: 'HideLobbyChatMessage', messageId, hidden: false }, s.world.as(s.moderator)),
      {
        type: 'LobbyChatMessageRestored',
        data: { messageId, by: s.moderator },
      },
    );
    expect(globalView(s.world.state).lobbyChat.map((e) => e.message)).toEqual(['Erst', 'Dann']);
    expect(moderatorView(s.world.state).hiddenLobbyChat).toEqual([]);
    given(s.world)
      .whenWire({ type: 'HideLobbyChatMessage', messageId, hidden: false }, s.world.as(s.moderator))
      .thenNoEvents();
    given(s.world)
      .whenWire({ type: 'HideLobbyChatMessage', messageId: 'unbekannt', hidden: false }, s.world.as(s.moderator))
      .thenRejected(T.hiddenLineNotFound);
    given(s.world)
      .whenWire({ type: 'HideLobbyChatMessage', messageId, hidden: false }, s.world.as(s.anna))
      .thenRejected(FORBIDDEN);
  });
});

describe('lifting a block (abl with blocked: false) and the moderation panel state', () => {
  it('given a player a moderator blocked, when the moderator lifts it, then the player is unblocked; the operator view shows block and mute state', () => {
    const s = show();
    s.world.must({ type: 'BlockUser', userId: s.bert, blocked: true }, s.world.as(s.moderator));
    expect(operatorView(s.world.state).users[s.bert]!.blocked).toBe(true);
    thenApplied(
      given(s.world).whenWire({ type: 'BlockUser', userId: s.bert, blocked: false }, s.world.as(s.moderator)),
      {
        type: 'UserBlocked',
        data: { userId: s.bert, blocked: false, blockedBy: s.moderator },
      },
    );
    expect(operatorView(s.world.state).users[s.bert]!.blocked).toBeUndefined();
    s.world.must({ type: 'MuteUser', userId: s.tester, minutes: 10 }, s.world.as(s.moderator));
    expect(operatorView(s.world.state).users[s.tester]!.mutedUntil).toBe(s.world.now + 10 * 60_000);
  });

  it("a tester's or admin's block stays the admin's to lift", () => {
    const s = show();
    s.world.must({ type: 'BlockUser', userId: s.tester, blocked: true }, s.world.as(s.admin));
    given(s.world)
      .whenWire({ type: 'BlockUser', userId: s.tester, blocked: false }, s.world.as(s.moderator))
      .thenRejected('Admins, Moderatoren und Kontrolleure kann nur ein Admin sperren.');
    given(s.world)
      .whenWire({ type: 'BlockUser', userId: s.tester, blocked: false }, s.world.as(s.admin))
      .thenEvents({ type: 'UserBlocked', data: { blocked: false } });
  });
});

describe('favouriteCount in the moderator view', () => {
  it('counts the teams with members, those with a favourite in the live question and those with a member online', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    s.world.playerWithTeam('dora', 'Leere Bank');
    s.world.must({ type: 'AddProposal', message: 'Rom' }, s.world.as(s.anna));
    expect(moderatorView(s.world.state).favouriteCount).toEqual({ teams: 3, withFavourite: 0, online: 0 });
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna));
    const online = (userId: string) => userId === s.cleo;
    expect(moderatorView(s.world.state, undefined, online).favouriteCount).toEqual({
      teams: 3,
      withFavourite: 1,
      online: 1,
    });
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, s.world.as(s.moderator));
    expect(moderatorView(s.world.state).favouriteCount.withFavourite).toBe(0);
  });
});
