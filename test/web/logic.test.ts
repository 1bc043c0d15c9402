import { compareGerman, lowerGerman, sortByGermanName } from '../../web/src/logic/german';
import { formatSeconds, isUrgent, secondsLeft, serverOffset } from '../../web/src/logic/countdown';
import {
  addsPoint,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  fromStoredStroke,
  REDRAW_DELAY_MS,
  toStoredStroke,
} from '../../web/src/logic/drawing';
import { buildInviteLink, buildLoginLink, readFragmentToken } from '../../web/src/logic/links';
import { hasPoints, placeOf, type PointsRow } from '../../web/src/logic/placement';
import { LETTER_RANGES, filterTeams, fusionTeams, inLetterRange } from '../../web/src/logic/teamSearch';
import { decodeToken, isExpired, roleLabel } from '../../web/src/logic/token';
import { abcdOptionText, validateUpload } from '../../web/src/logic/validation';
import { greetingProblemOf, profileProblemOf, qrTeamProblemOf, teamFormProblemOf } from '@live/rules/forms';
import { SHIP_ANSWER_TEMPLATE, shipAnswerProblemText } from '@live/rules/ship-answer';

describe('schiffe validation', () => {
  it('accepts the example', () => {
    expect(shipAnswerProblemText('Lager: L15\nPlündern: M14')).toBeNull();
  });
  it('refuses empty, one line, and wrong formats', () => {
    expect(shipAnswerProblemText('  ')).toBe('Es muss etwas eingegeben werden.');
    expect(shipAnswerProblemText('Lager: L15')).toBe('Es müssen zwei Zeilen eingegeben werden.');
    expect(shipAnswerProblemText(SHIP_ANSWER_TEMPLATE)).toBe(
      'Die erste Zeile muss genau dem Format "Lager: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "Lager:"',
    );
    expect(shipAnswerProblemText('Lager: 15\nPlündern: M14')).toContain('Sie war "Lager: 15"');
    expect(shipAnswerProblemText('Lager: L15\nPluendern: M14')).toBe(
      'Die zweite Zeile muss genau dem Format "Plündern: (BUCHSTABE)(ZAHL)" entsprechen. Sie war "Pluendern: M14"',
    );
  });
});

describe('team search', () => {
  const teams = [
    { id: '1', name: 'Alpha' },
    { id: '2', name: 'beta' },
    { id: '3', name: 'Delta', isNew: true },
    { id: '4', name: '42 Nerds' },
    { id: '5', name: 'Fusionsteam 1' },
    { id: '6', name: 'Zebra' },
  ];
  const abc = LETTER_RANGES[0];
  it('lists a letter range case-insensitively, without new teams, only with an empty filter', () => {
    expect(filterTeams(teams, { filter: '', showAll: false, range: abc }).map((t) => t.id)).toEqual(['1', '2']);
    expect(filterTeams(teams, { filter: '', showAll: false, range: LETTER_RANGES[1] }).map((t) => t.id)).toEqual(['5']);
    expect(filterTeams(teams, { filter: '', showAll: false, range: LETTER_RANGES[8] }).map((t) => t.id)).toEqual(['4']);
  });
  it('filters from two characters, otherwise lists nothing unless show-all', () => {
    expect(filterTeams(teams, { filter: 'e', showAll: false, range: null })).toEqual([]);
    expect(filterTeams(teams, { filter: 'ET', showAll: false, range: abc }).map((t) => t.id)).toEqual(['2']);
    expect(filterTeams(teams, { filter: 'e', showAll: true, range: null })).toHaveLength(6);
  });
  it('groups digits and other characters into 1-#, umlauts to their letter', () => {
    expect(inLetterRange('#hashtag', LETTER_RANGES[8])).toBe(true);
    expect(inLetterRange('Ärzte', abc)).toBe(true);
  });
  it('fusion section lists only fusion teams outside the special locale', () => {
    expect(fusionTeams(teams, false).map((t) => t.id)).toEqual(['5']);
    expect(fusionTeams(teams, true)).toHaveLength(6);
  });
});

describe('points placement', () => {
  const row = (rank: number, place: number): PointsRow => ({
    teamId: `t${rank}`,
    name: `Team ${rank}`,
    rounds: [1],
    total: 1,
    rank,
    place,
  });
  it('shows the image place the server sent; anything but 1 to 3 is place 4', () => {
    expect([row(1, 1), row(1, 1), row(3, 3), row(4, 4), row(5, 7)].map(placeOf)).toEqual([1, 1, 3, 4, 4]);
  });
  it('knows when there is nothing to show', () => {
    expect(hasPoints(null)).toBe(false);
    expect(hasPoints({ rounds: [], sortedTeams: [] })).toBe(false);
    expect(hasPoints({ rounds: [1], sortedTeams: [row(1, 1)] })).toBe(true);
  });
});

describe('links', () => {
  it('builds invite and login links from the app root', () => {
    expect(buildInviteLink('https://quiz.example/profile_team?x=1#y', 'abc')).toBe(
      'https://quiz.example/invite#teamToken=abc',
    );
    expect(buildLoginLink('http://localhost:5173/', 't1')).toBe('http://localhost:5173/qrlogin#userToken=t1');
  });
  it('reads a token from the fragment', () => {
    expect(readFragmentToken('#teamToken=abc', 'teamToken')).toBe('abc');
    expect(readFragmentToken('#teamToken=', 'teamToken')).toBeNull();
    expect(readFragmentToken('', 'teamToken')).toBeNull();
    expect(readFragmentToken('#userToken=u', 'teamToken')).toBeNull();
  });
});

describe('countdown maths', () => {
  it('uses the middle of the round trip for the offset', () => {
    expect(serverOffset(10_500, 1_000, 1_200)).toBe(9_400);
  });
  it('computes whole seconds left on the server clock, red under 10', () => {
    expect(secondsLeft(null, 0, 0)).toBeNull();
    expect(secondsLeft(20_000, 9_000, 1_000)).toBe(10);
    expect(secondsLeft(20_000, 9_001, 1_000)).toBe(10);
    expect(secondsLeft(20_000, 30_000, 0)).toBe(0);
    // A skewed offset cannot show more than the countdown's own length.
    expect(secondsLeft(20_000, 15_000, -1_500, 4)).toBe(4);
    expect(secondsLeft(20_000, 15_000, 0, 60)).toBe(5);
    expect(isUrgent(10)).toBe(false);
    expect(isUrgent(9)).toBe(true);
    expect(isUrgent(null)).toBe(false);
    expect(formatSeconds(75)).toBe('1:15');
  });
});

describe('forms: the rules of projections/live/rules/forms.ts that the server enforces, checked before sending', () => {
  it('greeting', () => {
    expect(greetingProblemOf('', 'x')).toBe('missing');
    expect(greetingProblemOf('n'.repeat(51), 'x')).toBe('nameTooLong');
    expect(greetingProblemOf('n', 'm'.repeat(501))).toBe('messageTooLong');
    expect(greetingProblemOf('n', 'm')).toBeNull();
    // Trimmed as the server trims: spaces around a 50-character name do not make it too long.
    expect(greetingProblemOf(` ${'n'.repeat(50)} `, 'm')).toBeNull();
  });
  it('qr team', () => {
    expect(qrTeamProblemOf('', '')).toBe('nameMissing');
    expect(qrTeamProblemOf('Team', 'drei')).toBe('amountNotNumeric');
    expect(qrTeamProblemOf('n'.repeat(51), '4')).toBe('nameTooLong');
    expect(qrTeamProblemOf('Team', '')).toBeNull();
    expect(qrTeamProblemOf('Team', '4')).toBeNull();
  });
  it('profile', () => {
    expect(profileProblemOf('Anna', 'a', 'b')).toBe('passwordMismatch');
    expect(profileProblemOf('An', '', '')).toBe('nameTooShort');
    expect(profileProblemOf('n'.repeat(51), '', '')).toBe('nameTooLong');
    expect(profileProblemOf('n'.repeat(50), '', '')).toBeNull();
    expect(profileProblemOf('Anna', '', '')).toBeNull();
  });
  it('create team', () => {
    const form = { name: 'Eulen', password: 'geheim', stadt: 'Köln', beschreibung: 'Nachteulen' };
    expect(teamFormProblemOf(form)).toBeNull();
    expect(teamFormProblemOf({ ...form, stadt: '  ' })).toBe('missing');
    expect(teamFormProblemOf({ ...form, name: 'n'.repeat(51) })).toBe('nameTooLong');
  });
  it('upload', () => {
    expect(validateUpload({ type: 'text/plain', size: 1 })).toBe('notImage');
    expect(validateUpload({ type: 'image/png', size: 10_000_001 })).toBe('tooLarge');
    expect(validateUpload({ type: 'image/png', size: 10_000_000 })).toBeNull();
  });
});

describe('drawing', () => {
  it('redraws stored strokes on the 300x150 canvas: coordinates divided by 2.4, the width halved, after 100 ms', () => {
    expect([CANVAS_WIDTH, CANVAS_HEIGHT, REDRAW_DELAY_MS]).toEqual([300, 150, 100]);
    expect(
      fromStoredStroke({
        width: 10,
        color: '#e53935',
        points: [
          [24, 48],
          [720, 360],
          [0, 0],
        ],
      }),
    ).toEqual({
      width: 5,
      color: '#e53935',
      points: [
        [10, 20],
        [300, 150],
        [0, 0],
      ],
    });
  });

  it('saves strokes the other way round (times 2.4 in whole numbers, width doubled), so that a redraw gives them back', () => {
    const drawn = {
      width: 16,
      color: '#1e88e5',
      points: [
        [10, 20],
        [299.6, 149.9],
        [12.3, 0.2],
      ] as Array<[number, number]>,
    };
    const stored = toStoredStroke(drawn);
    expect(stored).toEqual({
      width: 32,
      color: '#1e88e5',
      points: [
        [24, 48],
        [719, 360],
        [30, 0],
      ],
    });
    const again = fromStoredStroke(stored);
    expect(again.width).toBe(16);
    again.points.forEach(([x, y], i) => {
      expect(Math.abs(x - drawn.points[i][0])).toBeLessThan(0.5);
      expect(Math.abs(y - drawn.points[i][1])).toBeLessThan(0.5);
    });
  });

  it('a pointer move closer than a pixel to the last point adds none', () => {
    expect(addsPoint(undefined, [1, 1])).toBe(true);
    expect(addsPoint([1, 1], [1.5, 1.5])).toBe(false);
    expect(addsPoint([1, 1], [2, 1])).toBe(true);
  });
});

describe('session token', () => {
  const encode = (payload: object) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
  it('decodes id, exp and perm and checks expiry', () => {
    const payload = decodeToken(encode({ id: 7, exp: 100, perm: ['tester', 'x'] }));
    expect(payload).toEqual({ id: '7', exp: 100, perm: ['tester'] });
    expect(isExpired(payload!, 99_999)).toBe(false);
    expect(isExpired(payload!, 100_000)).toBe(true);
    expect(decodeToken('nope')).toBeNull();
  });
  it('labels the highest role', () => {
    expect(roleLabel(['tester', 'admin'])).toBe('admin');
    expect(roleLabel([])).toBeNull();
  });
});

describe('abcd option text of a proposal', () => {
  it('names the option of a letter, and nothing for other answers', () => {
    const options = ['Pferd', 'Katze', 'Fledermaus'];
    expect(abcdOptionText('C', options)).toBe('Fledermaus');
    expect(abcdOptionText(' b ', options)).toBe('Katze');
    expect(abcdOptionText('D', options)).toBeNull();
    expect(abcdOptionText('Pferd', options)).toBeNull();
    expect(abcdOptionText('A', undefined)).toBeNull();
  });
});

describe('German names', () => {
  it("sortByGermanName gives the collator's order, for names the lower-cased code units put elsewhere", () => {
    const names = [
      'Zebras',
      'Ärger',
      'ab',
      'Ab',
      'Öl',
      'oel',
      '_unterstrich',
      'Team 10',
      'Team 9',
      'team-2',
      'Éclair',
      'eclairs',
      'Straße',
      'Strasse',
      'ürlich',
      'Uhr',
      '42',
      '',
      ...Array.from({ length: 300 }, (_, i) => `spieler-${(i * 7919) % 1000}-${i % 4}`),
    ];
    const sorted = sortByGermanName(
      names.map((name) => ({ name })),
      (item) => item.name,
    ).map((item) => item.name);
    expect(sorted).toEqual([...names].sort(compareGerman));
  });

  it('lowerGerman is toLocaleLowerCase for German', () => {
    for (const text of ['ÄÖÜ ẞ Straße', 'İstanbul', 'ΣΑΣ', 'Ǆ', 'ABC-12'])
      expect(lowerGerman(text)).toBe(text.toLocaleLowerCase('de'));
  });
});
