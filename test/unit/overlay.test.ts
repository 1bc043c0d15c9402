import {
  contrastRatio,
  contrastText,
  DEFAULT_OVERLAY_LAYOUT,
  DEFAULT_SHOW_SETTINGS,
  FIELD_MAXIMA,
  OVERLAY_LINK_TEXTS,
  overlayView,
  primaryColorProblemOf,
  scopesOf,
  shortNameOf,
  showLogoPath,
  showNameOf,
  showSettingsProblemText,
  testerView,
  whiteTextContrast,
  whiteTextReadable,
  workingOverlayLink,
  workingOverlayLinks,
} from '../../projections/live';
import { OverlayTokens } from '../../src/auth/overlay-tokens';
import { loggedPath } from '../../src/http/request-log';
import { q, show, showWithQuestion } from './support/fixtures';
import { given } from './support/given';

const change = (fields: Record<string, unknown>) => ({ type: 'ChangeShowSettings' as const, ...fields });
const LOGO = 'show/0b7d3c1e-4a5f-4e0b-9a51-2f6f0c1d2e3f/6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.png';

describe('overlay links (POST and DELETE /api/overlay-links)', () => {
  it('given an admin, when she creates a link, then one event names the link and her, and the link works', () => {
    const s = show();
    const [created] = given(s.world)
      .when({ type: 'CreateOverlayLink' }, s.world.as(s.admin))
      .thenEvents({ type: 'OverlayLinkCreated', data: { createdBy: s.admin } });
    s.world.append([created!], 'show');
    expect(workingOverlayLinks(s.world.state).map((link) => link.id)).toEqual([
      (created!.data as { linkId: string }).linkId,
    ]);
  });

  it('given a moderator or a player, when they create or revoke a link, then it is refused', () => {
    const s = show();
    const [created] = s.world.must({ type: 'CreateOverlayLink' }, s.world.as(s.admin));
    const linkId = (created!.data as { linkId: string }).linkId;
    given(s.world)
      .when({ type: 'CreateOverlayLink' }, s.world.as(s.moderator))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
    given(s.world)
      .when({ type: 'RevokeOverlayLink', linkId }, s.world.as(s.anna))
      .thenRejected('Dazu fehlt dir die Berechtigung.');
  });

  it('given a link, when the admin revokes it, then it stops working; revoking it again appends nothing; an unknown link is not found', () => {
    const s = show();
    const [created] = s.world.must({ type: 'CreateOverlayLink' }, s.world.as(s.admin));
    const linkId = (created!.data as { linkId: string }).linkId;
    given(s.world)
      .when({ type: 'RevokeOverlayLink', linkId }, s.world.as(s.admin))
      .thenEvents({ type: 'OverlayLinkRevoked', data: { linkId, revokedBy: s.admin } });
    s.world.must({ type: 'RevokeOverlayLink', linkId }, s.world.as(s.admin));
    expect(workingOverlayLinks(s.world.state)).toEqual([]);
    given(s.world).when({ type: 'RevokeOverlayLink', linkId }, s.world.as(s.admin)).thenNoEvents();
    given(s.world)
      .when({ type: 'RevokeOverlayLink', linkId: 'ausgedacht' }, s.world.as(s.admin))
      .thenRejected(OVERLAY_LINK_TEXTS.notFound);
  });

  it('given a link made by a second admin, when she loses the admin role, is blocked or is erased, then the link ends with it', () => {
    for (const end of ['demoted', 'blocked', 'erased'] as const) {
      const s = show();
      const second = s.world.addUser('zweite', ['admin']);
      const [created] = s.world.must({ type: 'CreateOverlayLink' }, s.world.as(second));
      const linkId = (created!.data as { linkId: string }).linkId;
      expect(workingOverlayLink(s.world.state, linkId)).toBeDefined();
      if (end === 'demoted') s.world.must({ type: 'SetUserRoles', userId: second, roles: [] }, s.world.as(s.admin));
      if (end === 'blocked') s.world.must({ type: 'BlockUser', userId: second, blocked: true }, s.world.as(s.admin));
      if (end === 'erased')
        s.world.must({ type: 'EraseUser', userId: second, currentPasswordOk: true }, s.world.as(s.admin));
      expect(workingOverlayLink(s.world.state, linkId)).toBeUndefined();
      expect(workingOverlayLinks(s.world.state)).toEqual([]);
    }
  });

  it('given as many working links as allowed, when one more is created, then it is refused until one is revoked', () => {
    const s = show();
    const ids: string[] = [];
    for (let i = 0; i < FIELD_MAXIMA.overlayLinks; i++)
      ids.push(
        (s.world.must({ type: 'CreateOverlayLink' }, s.world.as(s.admin))[0]!.data as { linkId: string }).linkId,
      );
    given(s.world).when({ type: 'CreateOverlayLink' }, s.world.as(s.admin)).thenRejected(OVERLAY_LINK_TEXTS.tooMany);
    s.world.must({ type: 'RevokeOverlayLink', linkId: ids[0] }, s.world.as(s.admin));
    given(s.world).when({ type: 'CreateOverlayLink' }, s.world.as(s.admin)).thenEvents({ type: 'OverlayLinkCreated' });
  });

  it("a link's token is made from its id with the server's secret: it reads back, a forged or altered one does not, and another secret makes another", () => {
    const tokens = new OverlayTokens('secret-one');
    const token = tokens.tokenOf('link-1');
    expect(token.startsWith('link-1.')).toBe(true);
    expect(tokens.linkIdOf(token)).toBe('link-1');
    expect(tokens.linkIdOf(`link-2.${token.slice('link-1.'.length)}`)).toBeNull();
    expect(tokens.linkIdOf(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const garbage of ['', '.', 'link-1', 'link-1.', 42, null, 'x'.repeat(300)])
      expect(tokens.linkIdOf(garbage)).toBeNull();
    expect(new OverlayTokens('secret-two').tokenOf('link-1')).not.toBe(token);
    expect(new OverlayTokens('secret-two').linkIdOf(token)).toBeNull();
  });

  it('the request log names the overlay page without its token', () => {
    expect(loggedPath('/overlay/link-1.c2VjcmV0')).toBe('/overlay/…');
    expect(loggedPath('/api/overlay-links')).toBe('/api/overlay-links');
  });
});

describe('the overlay view (what the stream may show)', () => {
  it("the ranking is the published points' first ten rows", () => {
    const s = show();
    const row = (n: number) => ({
      teamId: `t${n}`,
      name: `Team ${n}`,
      rounds: [n],
      total: 20 - n,
      rank: n,
      place: n <= 3 ? n : 4,
    });
    s.world.append(
      [
        {
          type: 'PointsPublished',
          version: 1,
          data: {
            quizId: s.quizId,
            points: { rounds: [1], sortedTeams: Array.from({ length: 12 }, (_, i) => row(i + 1)) },
          },
          metadata: { eventId: 'e-points', commandId: 'c-points', actor: s.world.as(s.moderator), recordedAt: 1 },
        },
      ],
      'show',
    );
    expect(overlayView(s.world.state).ranking?.map((r) => r.key)).toEqual([
      't1',
      't2',
      't3',
      't4',
      't5',
      't6',
      't7',
      't8',
      't9',
      't10',
    ]);
  });

  it("no viewer gets the overlay scope: it is only an overlay page's", () => {
    const s = show();
    for (const user of [s.admin, s.moderator, s.tester, s.anna])
      expect(scopesOf(s.world.state, s.world.as(user)).map((k) => k.scope)).not.toContain('overlay');
  });

  it('given a question open, then the overlay shows it with category and points, never its answer, proposals or unpublished points', () => {
    const s = showWithQuestion([
      { ...q(1, 1), category: '(2) Erdkunde', question: 'Hauptstadt von Frankreich?', answer: 'Paris' },
      q(1, 2),
    ]);
    s.world.must({ type: 'AddProposal', message: 'Lyon-Vorschlag' }, s.world.as(s.anna));
    const view = overlayView(s.world.state);
    expect(view).toMatchObject({
      phase: 'qa',
      question: { category: '(2) Erdkunde', question: 'Hauptstadt von Frankreich?', points: 2, round: 1, number: 1 },
      ranking: null,
    });
    const text = JSON.stringify(view);
    for (const secret of ['Paris', 'Lyon-Vorschlag', s.teamA, s.anna]) expect(text).not.toContain(secret);
  });

  it('given a countdown, then its end shows; given the end and lock-in, then the question goes and the lock-in shows, still without the answer', () => {
    const s = showWithQuestion([{ ...q(1, 1), answer: 'Paris' }, q(1, 2)]);
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    s.world.must({ type: 'StartCountdown', time: 20 }, s.world.as(s.moderator));
    expect(overlayView(s.world.state)).toMatchObject({
      phase: 'qc',
      timeLeft: 20,
      countdownEndsAt: s.world.state.night!.countdown!.endsAt,
    });
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    const ended = overlayView(s.world.state);
    expect(ended).toMatchObject({
      phase: 'qn',
      question: null,
      countdownEndsAt: null,
      lockedIn: { round: 1, number: 1 },
    });
    expect(JSON.stringify(ended)).not.toContain('Paris');
    s.world.must({ type: 'StartQuestion', quiz: s.quizId, round: 1, question: 2 }, s.world.as(s.moderator));
    expect(overlayView(s.world.state).lockedIn).toBeNull();
  });

  it('given rated answers, then the ranking shows only once published', () => {
    const s = showWithQuestion([q(1, 1), q(1, 2)]);
    s.world.must({ type: 'AddProposal', message: 'Paris' }, s.world.as(s.anna));
    s.world.must({ type: 'ChooseFavourite', number: 1 }, s.world.as(s.anna));
    s.world.must({ type: 'EndQuestion' }, s.world.as(s.moderator));
    const paris = testerView(s.world.state).answers.find((a) => a.answer === 'Paris')!;
    s.world.must(
      { type: 'RateAnswerAbsolute', answerId: paris.id, value: 2, checked: true, liked: false },
      s.world.as(s.tester),
    );
    expect(overlayView(s.world.state).ranking).toBeNull();
    s.world.must({ type: 'PublishPoints', content: { publish: true } }, s.world.as(s.moderator));
    const teamA = s.world.state.teams.get(s.teamA)!.name;
    expect(overlayView(s.world.state).ranking).toEqual([{ key: s.teamA, rank: 1, name: teamA, total: 2 }]);
    s.world.must({ type: 'PublishPoints', content: { publish: false } }, s.world.as(s.moderator));
    expect(overlayView(s.world.state).ranking).toBeNull();
  });

  it('the uber message shows while an uber mode shows it, not in quiz mode', () => {
    const s = show();
    s.world.must({ type: 'SetUberMessage', message: '<b>Gleich geht es weiter</b>' }, s.world.as(s.moderator));
    expect(overlayView(s.world.state).uberMessage).toBeNull();
    s.world.must({ type: 'ChangeUberMode', modus: 'pause' }, s.world.as(s.moderator));
    expect(overlayView(s.world.state).uberMessage).toBe('<b>Gleich geht es weiter</b>');
  });

  it("the show's look and the layout come from the show settings", () => {
    const s = show();
    expect(overlayView(s.world.state)).toMatchObject({
      look: { showName: '', logo: '', primaryColor: '' },
      layout: DEFAULT_OVERLAY_LAYOUT,
    });
    s.world.must(
      change({
        showName: 'Kneipenquiz',
        primaryColor: '#1f4e79',
        overlay: { parts: ['ranking'], corner: 'top-left', scale: 0.75 },
      }),
      s.world.as(s.admin),
    );
    expect(overlayView(s.world.state)).toMatchObject({
      look: { showName: 'Kneipenquiz', primaryColor: '#1f4e79' },
      layout: { parts: ['ranking'], corner: 'top-left', scale: 0.75 },
    });
  });
});

describe("the show's look in the show settings", () => {
  it('given an admin, when she sets name, logo, colour and layout, then they are saved; the colour is stored in lower case, the scale in hundredths', () => {
    const s = show();
    given(s.world)
      .whenWire(
        change({
          showName: ' Kneipenquiz Trier ',
          logo: LOGO,
          primaryColor: '#1F4E79',
          overlay: { parts: ['qr', 'ranking'], corner: 'top-right', scale: 1.234 },
        }),
        s.world.as(s.admin),
      )
      .thenEvents({
        type: 'ShowSettingsChanged',
        data: {
          settings: expect.objectContaining({
            showName: 'Kneipenquiz Trier',
            logo: LOGO,
            primaryColor: '#1f4e79',
            overlay: { parts: ['qr', 'ranking'], corner: 'top-right', scale: 1.23 },
          }),
        },
      });
  });

  it('left out, the look is unset and the layout the default; settings saved before they existed read the same', () => {
    const s = show();
    given(s.world)
      .whenWire(change({ streamChannel: 'quiz' }), s.world.as(s.admin))
      .thenEvents({
        type: 'ShowSettingsChanged',
        data: { settings: { ...DEFAULT_SHOW_SETTINGS, streamChannel: 'quiz' } },
      });
    given(s.world)
      .whenWire(change({ overlay: { corner: 'top-left' } }), s.world.as(s.admin))
      .thenEvents({
        type: 'ShowSettingsChanged',
        data: { settings: expect.objectContaining({ overlay: { ...DEFAULT_OVERLAY_LAYOUT, corner: 'top-left' } }) },
      });
    expect(showNameOf(DEFAULT_SHOW_SETTINGS)).toBe('Quiztool');
  });

  it.each([
    [{ showName: 'x'.repeat(61) }, 'Zu lang: Der Name der Show darf höchstens 60 Zeichen haben.'],
    [
      { logo: 'https://example.org/logo.png' },
      'Das Logo muss ein Bild sein, das über die Show-Einstellungen hochgeladen wurde.',
    ],
    [
      { logo: LOGO.replace('show/', 'team/') },
      'Das Logo muss ein Bild sein, das über die Show-Einstellungen hochgeladen wurde.',
    ],
    [{ primaryColor: 'blau' }, 'Die Hauptfarbe muss als #rrggbb angegeben werden (z. B. #5b3fd6).'],
    [{ primaryColor: '#fff' }, 'Die Hauptfarbe muss als #rrggbb angegeben werden (z. B. #5b3fd6).'],
    [
      { primaryColor: '#ffb703' },
      'Zu wenig Kontrast: Weiße Schrift auf der Hauptfarbe #ffb703 erreicht nur 1,74:1, nötig sind mindestens 4,5:1 (WCAG AA). Bitte wähle eine dunklere Farbe.',
    ],
    [
      { overlay: { parts: ['question', 'werbung'] } },
      'Unbekannter Teil des Overlays: „werbung“. Möglich sind question, countdown, ranking, uber, qr.',
    ],
    [{ overlay: { parts: ['qr', 'qr'] } }, 'Der Teil „qr“ des Overlays ist doppelt genannt.'],
    [{ overlay: { parts: Array(6).fill('qr') } }, 'Das Overlay hat höchstens 5 Teile.'],
    [
      { overlay: { corner: 'mitte' } },
      'Die Ecke des Overlays muss eine von top-left, top-right, bottom-left, bottom-right sein.',
    ],
    [{ overlay: { scale: 3 } }, 'Die Größe (scale) des Overlays muss eine Zahl von 0,5 bis 2 sein.'],
    [{ overlay: { scale: '1' } }, 'Die Größe (scale) des Overlays muss eine Zahl von 0,5 bis 2 sein.'],
  ])('given %j, then it is refused in German and nothing is appended', (fields, message) => {
    const s = show();
    given(s.world).whenWire(change(fields), s.world.as(s.admin)).thenRejected(message);
  });
});

describe('contrast (WCAG 2.x)', () => {
  it("computes the contrast ratios of the standard's examples", () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(whiteTextContrast('#767676')).toBeCloseTo(4.54, 2); // the lightest grey that passes AA on white
    expect(whiteTextContrast('#777777')).toBeCloseTo(4.48, 2);
  });

  it("white text on the app's own primary colour is readable; a failing ratio never reads as 4,50", () => {
    expect(whiteTextReadable('#5b3fd6')).toBe(true);
    expect(whiteTextReadable('#767676')).toBe(true);
    expect(whiteTextReadable('#777777')).toBe(false);
    expect(contrastText(4.4999)).toBe('4,49');
    expect(primaryColorProblemOf('')).toBeNull();
    expect(showSettingsProblemText(primaryColorProblemOf('#777777')!)).toContain('#777777 erreicht nur 4,47:1');
  });
});

describe('manifest helpers', () => {
  it("short names fit a home screen; the logo's address changes with the logo", () => {
    expect(shortNameOf('Quiztool')).toBe('Quiztool');
    expect(shortNameOf('Kneipenquiz Trier am Freitag')).toBe('Kneipenquiz');
    expect(shortNameOf('Donnerstagsquizabend')).toBe('Donnerstagsq');
    expect(showLogoPath('')).toBeNull();
    expect(showLogoPath(LOGO)).toBe('/api/show-settings/logo?v=6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
  });
});
