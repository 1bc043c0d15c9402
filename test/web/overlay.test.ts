import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { OverlayView } from '@live/views/overlay-view';
import { DEFAULT_OVERLAY_LAYOUT } from '@live/state/default-show-settings';
import { joinUrl, overlayTokenOf, rankingLayout, RANKING_ROW_PX, visibleParts } from '../../web/src/overlay/logic';
import { Overlay } from '../../web/src/overlay/Overlay';
import { OverlayHolder } from '../../web/src/overlay/overlayConnection';
import { primaryColorVariables } from '../../web/src/look';

const between: OverlayView = {
  phase: 'qn',
  question: null,
  countdownEndsAt: null,
  timeLeft: null,
  lockedIn: { round: 1, number: 3 },
  ranking: [
    { key: 't1', rank: 1, name: 'Eulen', total: 12 },
    { key: 't2', rank: 2, name: 'Dachse', total: 9 },
  ],
  uberMessage: null,
  look: { showName: 'Kneipenquiz', logo: '', primaryColor: '' },
  layout: DEFAULT_OVERLAY_LAYOUT,
};
const open: OverlayView = {
  ...between,
  phase: 'qc',
  lockedIn: null,
  countdownEndsAt: 1_000_000,
  timeLeft: 30,
  question: {
    type: 'abcd',
    category: '(1) Tiere',
    question: 'Welches Tier schläft im Stehen?',
    options: ['Pferd', 'Katze'],
    points: 1,
    round: 2,
    number: 1,
  },
};
const html = (view: OverlayView) =>
  renderToString(createElement(Overlay, { view, offset: 0, origin: 'https://quiz.example.org' }));

describe('the stream overlay page', () => {
  it('finds its token in the address, and nothing on other pages', () => {
    expect(overlayTokenOf('/overlay/link-1.abc_DEF-12')).toBe('link-1.abc_DEF-12');
    expect(overlayTokenOf('/overlay/link-1.abc/')).toBe('link-1.abc');
    for (const path of ['/', '/overlay/', '/overlay', '/admin', '/overlay/a/b', '/overlay/%E0%A4%A'])
      expect(overlayTokenOf(path)).toBeNull();
    expect(joinUrl('https://quiz.example.org')).toBe('https://quiz.example.org/');
  });

  it('shows the question and its countdown while one is open; between questions the lock-in, the ranking, the QR code and the uber message', () => {
    expect(visibleParts(open)).toEqual({
      question: true,
      countdown: true,
      lockedIn: false,
      ranking: false,
      qr: false,
      uber: false,
    });
    expect(visibleParts({ ...between, uberMessage: '<b>Pause</b>' })).toEqual({
      question: false,
      countdown: false,
      lockedIn: true,
      ranking: true,
      qr: true,
      uber: true,
    });
    expect(visibleParts({ ...between, ranking: null, lockedIn: null }).ranking).toBe(false);
  });

  it('shows only the parts the layout names', () => {
    const layout = { ...DEFAULT_OVERLAY_LAYOUT, parts: ['countdown' as const, 'qr' as const] };
    expect(visibleParts({ ...open, layout })).toMatchObject({ question: false, countdown: true });
    expect(visibleParts({ ...between, layout })).toMatchObject({ lockedIn: false, ranking: false, qr: true });
  });

  it("keeps the ranking's rows in one order and places each by its rank, so a publication moves them", () => {
    const rows = [
      { key: 'b', rank: 1, name: 'B', total: 5 },
      { key: 'a', rank: 2, name: 'A', total: 3 },
    ];
    expect(rankingLayout(rows).map((r) => [r.key, r.offset])).toEqual([
      ['a', RANKING_ROW_PX],
      ['b', 0],
    ]);
  });

  it('renders the question with category, points and countdown, never an answer; between questions the ranking and the join QR code', () => {
    const during = html(open);
    for (const text of [
      '(1) Tiere',
      'Welches Tier schläft im Stehen?',
      'Runde 2 · Frage 1 · 1 Punkt',
      'Pferd',
      'role="timer"',
    ])
      expect(during).toContain(text);
    expect(during).not.toContain('Rangliste');
    const after = html(between);
    for (const text of [
      'Rangliste',
      'Eulen',
      '12 P.',
      'Mitspielen',
      'quiz.example.org',
      'Runde 1 · Frage 3: Antworten eingeloggt',
      'Kneipenquiz',
    ])
      expect(after).toContain(text);
    expect(after).toContain('aria-label="QR-Code zum Mitspielen"');
    expect(after).toContain('overlay-corner--bottom-right');
  });

  it("sets the show's colour and the layout's scale, and sanitises the uber message", () => {
    const shown = html({
      ...between,
      uberMessage: '<b>Gleich</b><script>alert(1)</script>',
      look: { ...between.look, primaryColor: '#1f4e79' },
      layout: { ...between.layout, scale: 0.75, corner: 'top-left' },
    });
    expect(shown).toContain('--overlay-primary:#1f4e79');
    expect(shown).toContain('--overlay-scale:0.75');
    expect(shown).toContain('overlay-corner--top-left');
    expect(shown).toContain('Gleich');
    expect(shown).not.toContain('<script>');
  });

  it('holds the one view: snapshots, values and patches; after the link ended nothing more', () => {
    const holder = new OverlayHolder();
    holder.loadSnapshot({ views: { overlay: between }, serverOffsetMs: 5 });
    expect(holder.current()).toEqual({ view: between, serverOffsetMs: 5, ended: false });
    expect(
      holder.applyPush({ scope: 'overlay', version: 2, patch: [{ op: 'replace', path: '/phase', value: 'qa' }] }),
    ).toBe(true);
    expect(holder.current().view?.phase).toBe('qa');
    expect(holder.applyPush({ scope: 'overlay', version: 3, patch: [{ op: 'remove', path: '/missing' }] })).toBe(false);
    holder.end();
    holder.loadSnapshot({ views: { overlay: between }, serverOffsetMs: 5 });
    expect(holder.current()).toMatchObject({ view: null, ended: true });
  });

  it("derives the app's shades from a primary colour", () => {
    expect(primaryColorVariables('#1f4e79')).toMatchObject({
      '--primary': '#1f4e79',
      '--primary-strong': 'color-mix(in srgb, #1f4e79 78%, black)',
    });
  });
});
