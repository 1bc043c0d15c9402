import {
  canonicalShowSettings,
  DEFAULT_SHOW_SETTINGS,
  hostOfflineText,
  isIsoDate,
  isWebAddress,
  upcomingDates,
} from '../../projections/live';
import { texts } from '../../src/commands';
import { VISITOR } from '../support/world';
import { given } from './support/given';
import { show } from './support/fixtures';

const FULL = {
  streamChannel: 'quizshow',
  streamUrl: 'https://www.twitch.tv/quizshow',
  supportUrl: 'https://ko-fi.com/quizshow',
  newsletterUrl: 'https://newsletter.example.org/subscribe?u=1&id=2',
  socialLinks: [
    { label: 'Instagram', url: 'https://www.instagram.com/quizshow' },
    { label: 'YouTube', url: 'http://youtube.com/@quizshow' },
  ],
  nextDates: [
    { date: '2026-11-27', title: 'Quiz am Freitag' },
    { date: '2026-12-04', title: 'Nikolausquiz' },
  ],
  qrHostName: 'Jana',
  newsletterPopup: true,
  allowNewAccounts: true,
  showName: 'Kneipenquiz Trier',
  logo: '',
  primaryColor: '#1f4e79',
  overlay: {
    parts: ['question' as const, 'countdown' as const, 'ranking' as const],
    corner: 'top-left' as const,
    scale: 1.25,
  },
  imprint: '<p>Kneipenquiz Trier GbR, Am Fluss 1, 54290 Trier</p>',
  privacy: '<p>Wir speichern nur, was das Quiz braucht.</p>',
};

const change = (fields: Record<string, unknown>) => ({ type: 'ChangeShowSettings' as const, ...fields });

describe('show settings (PUT /api/show-settings)', () => {
  it("given a fresh show, then nothing is set and the QR page names the spec's host", () => {
    const s = show();
    expect(s.world.state.showSettings).toEqual(DEFAULT_SHOW_SETTINGS);
    expect(hostOfflineText(s.world.state.showSettings.qrHostName)).toBe(texts.moderatorOffline);
    expect(texts.moderatorOffline).toBe('Olafs Laptop ist im Moment nicht verbunden.');
  });

  it('given an admin, when she saves settings, then one event holds all of them and who changed them', () => {
    const s = show();
    given(s.world)
      .whenWire(change(FULL), s.world.as(s.admin))
      .thenEvents({ type: 'ShowSettingsChanged', data: { settings: FULL, changedBy: s.admin } });
    s.world.must(change(FULL), s.world.as(s.admin));
    expect(s.world.state.showSettings).toEqual(FULL);
  });

  it('given saved settings, when the same come again, then nothing is appended', () => {
    const s = show();
    s.world.must(change(FULL), s.world.as(s.admin));
    given(s.world)
      .whenWire(change({ ...FULL, socialLinks: [...FULL.socialLinks] }), s.world.as(s.admin))
      .thenNoEvents();
  });

  it("texts are trimmed; a field left out is unset (the QR host: the spec's Olaf); PUT replaces everything", () => {
    const s = show();
    s.world.must(change(FULL), s.world.as(s.admin));
    given(s.world)
      .whenWire(
        change({
          newsletterUrl: '  https://n.example.org/a  ',
          socialLinks: [{ label: ' Twitch ', url: ' https://twitch.tv/q ' }],
        }),
        s.world.as(s.admin),
      )
      .thenEvents({
        type: 'ShowSettingsChanged',
        data: {
          settings: {
            ...DEFAULT_SHOW_SETTINGS,
            newsletterUrl: 'https://n.example.org/a',
            socialLinks: [{ label: 'Twitch', url: 'https://twitch.tv/q' }],
          },
        },
      });
  });

  it('empty texts and lists unset a setting', () => {
    const s = show();
    s.world.must(change(FULL), s.world.as(s.admin));
    s.world.must(
      change({ ...FULL, supportUrl: '', streamChannel: ' ', socialLinks: [], nextDates: [] }),
      s.world.as(s.admin),
    );
    expect(s.world.state.showSettings).toEqual(
      expect.objectContaining({ supportUrl: '', streamChannel: '', socialLinks: [], nextDates: [] }),
    );
  });

  it('only admins change them', () => {
    const s = show();
    given(s.world).whenWire(change(FULL), s.world.as(s.moderator)).thenRejected('Dazu fehlt dir die Berechtigung.');
    given(s.world).whenWire(change(FULL), s.world.as(s.anna)).thenRejected('Dazu fehlt dir die Berechtigung.');
    given(s.world)
      .whenWire(change(FULL), VISITOR)
      .thenRejected('Es wurde versucht ein Websocket zu erstellen, bevor wir authentifizierungsdaten haben.');
  });

  it('a reset of the live game (arr) keeps them', () => {
    const s = show();
    s.world.must(change(FULL), s.world.as(s.admin));
    s.world.must({ type: 'ResetLiveState' }, s.world.as(s.admin));
    expect(s.world.state.showSettings).toEqual(FULL);
  });

  it('the QR page names the host set (with the German genitive)', () => {
    const s = show();
    s.world.must(change({ ...FULL, qrHostName: 'Jana' }), s.world.as(s.admin));
    given(s.world)
      .whenWire({ type: 'CreateQrTeam', name: 'Tisch 4', moderatorOnline: false }, VISITOR)
      .thenRejected('Janas Laptop ist im Moment nicht verbunden.');
    expect(hostOfflineText('Klaus')).toBe("Klaus' Laptop ist im Moment nicht verbunden.");
    expect(hostOfflineText('Max')).toBe("Max' Laptop ist im Moment nicht verbunden.");
    expect(hostOfflineText('')).toBe('Der Laptop der Moderation ist im Moment nicht verbunden.');
  });
});

describe('show settings: bad input gets a German text and changes nothing', () => {
  const refused: Array<[string, Record<string, unknown>, string]> = [
    [
      'an address without http(s)',
      { newsletterUrl: 'newsletter.example.org' },
      'Keine gültige Adresse: Die Newsletter-Adresse muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).',
    ],
    [
      'another scheme',
      { supportUrl: 'javascript:alert(1)' },
      'Keine gültige Adresse: Die Adresse zum Unterstützen muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).',
    ],
    [
      'an ftp address',
      { streamUrl: 'ftp://files.example.org' },
      'Keine gültige Adresse: Die Stream-Adresse muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).',
    ],
    [
      'an address with a space',
      { newsletterUrl: 'https://news letter.example.org' },
      'Keine gültige Adresse: Die Newsletter-Adresse muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).',
    ],
    [
      'an address without a host',
      { newsletterUrl: 'https://' },
      'Keine gültige Adresse: Die Newsletter-Adresse muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).',
    ],
    [
      'a social link that is no address',
      {
        socialLinks: [
          { label: 'Instagram', url: 'https://instagram.com/q' },
          { label: 'Mastodon', url: '@quiz@mastodon.social' },
        ],
      },
      'Keine gültige Adresse: Die Adresse des 2. Social-Media-Links muss eine vollständige Adresse mit http:// oder https:// sein (z. B. https://example.org).',
    ],
    [
      'a social link without a label',
      { socialLinks: [{ label: ' ', url: 'https://instagram.com/q' }] },
      'Ohne Beschriftung: Der 1. Social-Media-Link braucht einen Text, der für ihn angezeigt wird.',
    ],
    [
      'a social link that is no object',
      { socialLinks: ['https://instagram.com/q'] },
      'Ohne Beschriftung: Der 1. Social-Media-Link braucht einen Text, der für ihn angezeigt wird.',
    ],
    [
      'too many social links',
      { socialLinks: Array.from({ length: 11 }, (_, i) => ({ label: `L${i}`, url: `https://l${i}.example.org` })) },
      'Es sind höchstens 10 Social-Media-Links möglich.',
    ],
    [
      'a date in German notation',
      { nextDates: [{ date: '27.11.2026', title: 'Quiz' }] },
      'Kein gültiges Datum: „27.11.2026“. Bitte jeden Termin als JJJJ-MM-TT angeben (z. B. 2026-11-20).',
    ],
    [
      'a day that does not exist',
      { nextDates: [{ date: '2026-02-29', title: 'Quiz' }] },
      'Kein gültiges Datum: „2026-02-29“. Bitte jeden Termin als JJJJ-MM-TT angeben (z. B. 2026-11-20).',
    ],
    [
      'a date without a title',
      {
        nextDates: [
          { date: '2026-11-27', title: 'Quiz' },
          { date: '2026-12-04', title: '' },
        ],
      },
      'Ohne Titel: Der 2. Termin braucht einen Titel.',
    ],
    [
      'too many dates',
      { nextDates: Array.from({ length: 53 }, () => ({ date: '2026-11-27', title: 'Quiz' })) },
      'Es sind höchstens 52 Termine möglich.',
    ],
    [
      'a channel given as an address',
      { streamChannel: 'https://twitch.tv/quizshow' },
      'Der Stream-Kanal ist der Name des Kanals (z. B. quizshow): nur Buchstaben, Ziffern und _, keine Adresse.',
    ],
    [
      'a channel too long',
      { streamChannel: 'q'.repeat(51) },
      'Zu lang: Der Stream-Kanal darf höchstens 50 Zeichen haben.',
    ],
    [
      'an address too long',
      { newsletterUrl: `https://example.org/${'a'.repeat(2000)}` },
      'Zu lang: Die Newsletter-Adresse darf höchstens 2000 Zeichen haben.',
    ],
    [
      'a social address too long',
      { socialLinks: [{ label: 'X', url: `https://example.org/${'a'.repeat(2000)}` }] },
      'Zu lang: Die Adresse des 1. Social-Media-Links darf höchstens 2000 Zeichen haben.',
    ],
    [
      'a label too long',
      { socialLinks: [{ label: 'L'.repeat(101), url: 'https://example.org' }] },
      'Zu lang: Die Beschriftung des 1. Social-Media-Links darf höchstens 100 Zeichen haben.',
    ],
    [
      'a title too long',
      { nextDates: [{ date: '2026-11-27', title: 'T'.repeat(101) }] },
      'Zu lang: Der Titel des 1. Termins darf höchstens 100 Zeichen haben.',
    ],
    [
      'a host name too long',
      { qrHostName: 'O'.repeat(51) },
      'Zu lang: Der Name auf der QR-Seite darf höchstens 50 Zeichen haben.',
    ],
    ['a NUL in a text', { newsletterUrl: 'https://example.org/\u0000' }, 'Der Text enthält ungültige Zeichen.'],
  ];

  it.each(refused)('given saved settings, when an admin sends %s, then it is refused', (_what, fields, message) => {
    const s = show();
    s.world.must(change(FULL), s.world.as(s.admin));
    const before = s.world.state;
    given(s.world)
      .whenWire(change({ ...FULL, ...fields }), s.world.as(s.admin))
      .thenRejected(message);
    expect(s.world.state).toBe(before);
  });
});

describe('show settings: the rules the web app reads too', () => {
  it('web addresses are complete http or https addresses', () => {
    expect(
      ['https://example.org', 'http://example.org/a?b=c#d', 'HTTPS://EXAMPLE.ORG', 'https://xn--mnchen-3ya.de'].map(
        isWebAddress,
      ),
    ).toEqual([true, true, true, true]);
    expect(
      ['', 'example.org', 'https:/example.org', 'https:example.org', 'mailto:a@b.de', 'https://a b.de', 'https://'].map(
        isWebAddress,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('dates are calendar days written yyyy-mm-dd', () => {
    expect(['2026-11-27', '2028-02-29', '2000-02-29', '2026-12-31'].map(isIsoDate)).toEqual([true, true, true, true]);
    expect(
      ['2026-11-31', '1900-02-29', '2026-13-01', '2026-1-5', '2026-00-10', '27.11.2026', ''].map(isIsoDate),
    ).toEqual([false, false, false, false, false, false, false]);
  });

  it('the next dates are those from today on, earliest first', () => {
    const dates = [
      { date: '2026-12-04', title: 'B' },
      { date: '2026-11-13', title: 'alt' },
      { date: '2026-11-20', title: 'heute' },
      { date: '2026-11-27', title: 'A' },
    ];
    expect(upcomingDates(dates, '2026-11-20').map((d) => d.title)).toEqual(['heute', 'A', 'B']);
    expect(upcomingDates(dates, '2027-01-01')).toEqual([]);
  });
});

describe('closing registration (allowNewAccounts, finding 7)', () => {
  it('given the admin closed registration, when someone registers, then it is refused in German; settings from before the field existed leave it open', () => {
    const s = show();
    s.world.must(change({ ...FULL, allowNewAccounts: false }), s.world.as(s.admin));
    expect(s.world.state.showSettings.allowNewAccounts).toBe(false);
    given(s.world)
      .whenWire({ type: 'RegisterUser', login: 'bot1', password: 'x' }, VISITOR)
      .thenRejected('Neue Nutzeraccounts können gerade nicht angelegt werden. Bitte versuche es später noch einmal.');
    s.world.must(change(FULL), s.world.as(s.admin)); // a field left out takes its default: open
    given(s.world)
      .whenWire({ type: 'RegisterUser', login: 'mensch', password: 'x' }, VISITOR)
      .thenEvents({ type: 'UserRegistered' });
    const { allowNewAccounts: _dropped, ...older } = FULL;
    expect(canonicalShowSettings(older as typeof FULL).allowNewAccounts).toBe(true);
  });
});

describe('Impressum and Datenschutzerklärung (PROTOCOL.md wave 5)', () => {
  it('given an admin, when she saves an Impressum and a Datenschutzerklärung, then the settings hold them; settings from before they existed read as empty', () => {
    const s = show();
    const step = given(s.world).whenWire(
      change({ imprint: ' <p>Impressum</p> ', privacy: '<p>Datenschutz</p>' }),
      s.world.as(s.admin),
    );
    step.thenEvents({
      type: 'ShowSettingsChanged',
      data: { settings: { ...DEFAULT_SHOW_SETTINGS, imprint: '<p>Impressum</p>', privacy: '<p>Datenschutz</p>' } },
    });
    const { imprint: _i, privacy: _p, ...older } = FULL;
    expect(canonicalShowSettings(older as typeof FULL)).toMatchObject({ imprint: '', privacy: '' });
  });

  it('refuses an Impressum or a Datenschutzerklärung over 20,000 characters, in German', () => {
    const s = show();
    given(s.world)
      .whenWire(change({ imprint: 'x'.repeat(20_001) }), s.world.as(s.admin))
      .thenRejected('Zu lang: Das Impressum darf höchstens 20000 Zeichen haben.');
    given(s.world)
      .whenWire(change({ privacy: 'x'.repeat(20_001) }), s.world.as(s.admin))
      .thenRejected('Zu lang: Die Datenschutzerklärung darf höchstens 20000 Zeichen haben.');
    given(s.world)
      .whenWire(change({ imprint: 'x'.repeat(20_000) }), s.world.as(s.admin))
      .thenEvents({ type: 'ShowSettingsChanged' });
  });
});
