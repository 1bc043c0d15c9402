/**
 * The show settings on the screens: what is set is shown, what is unset is hidden (never a dummy),
 * and the newsletter popup follows its flag.
 */
/* wouter ships ESM only; load the real package through SWC (see support/esm.ts). */
jest.mock('wouter', () => {
  const { requireEsmPackage } = jest.requireActual<typeof import('./support/esm')>('./support/esm');
  return requireEsmPackage(require.resolve('wouter'), require);
});

import { createElement } from 'react';
import type { ShowSettings } from '../../events';
import { DEFAULT_SHOW_SETTINGS } from '@live/state/default-show-settings';
import { NewsletterPopup } from '../../web/src/player/EmailPopup';
import { StreamEmbed } from '../../web/src/components/StreamEmbed';
import { createAppStore } from '../../web/src/store';
import { selectNewsletterPopupOpen, showSettingsActions } from '../../web/src/store/showSettingsSlice';
import { t } from '../../web/src/texts';
import { esc, render, renderPart } from './support/render';

const SET: ShowSettings = {
  streamChannel: 'quizkanal',
  streamUrl: 'https://www.twitch.tv/quizkanal',
  supportUrl: 'https://ko-fi.com/quizkanal',
  newsletterUrl: 'https://newsletter.example.org/subscribe?u=1&amp=2',
  socialLinks: [
    { label: 'Mastodon', url: 'https://mastodon.social/@quiz' },
    { label: 'YouTube', url: 'https://youtube.com/@quiz' },
  ],
  nextDates: [
    { date: '2999-01-08', title: 'Später' },
    { date: '2000-01-07', title: 'Längst vorbei' },
    { date: '2999-01-01', title: 'Neujahrsquiz' },
  ],
  qrHostName: 'Jana',
  newsletterPopup: false,
  allowNewAccounts: true,
  showName: '',
  logo: '',
  primaryColor: '',
  overlay: DEFAULT_SHOW_SETTINGS.overlay,
  imprint: '',
  privacy: '',
};

const formAction = (html: string) =>
  [...html.matchAll(/<form[^>]*class="card newsletter"[^>]*action="([^"]*)"/g)].map((m) => m[1]);

describe('set settings are used', () => {
  it('about: the newsletter form posts to the newsletter address, support and every social link are shown', () => {
    const html = render('/about', { loggedIn: false, showSettings: SET });
    expect(formAction(html)).toEqual([esc(SET.newsletterUrl)]);
    expect(html).toContain(`href="${SET.supportUrl}"`);
    expect(html).toContain(esc(t.about.support));
    for (const link of SET.socialLinks) expect(html).toContain(`href="${link.url}"`);
    expect(html).toContain('>Mastodon</a>');
  });

  it('the navbar links the stream and the first social link (visitors), and support too (players)', () => {
    const visitor = render('/about', { loggedIn: false, showSettings: SET });
    expect(visitor).toContain(`href="${SET.streamUrl}"`);
    expect(visitor).toMatch(/class="nav__link" href="https:\/\/mastodon.social\/@quiz"[^>]*>Mastodon</);
    const player = render('/profile', { showSettings: SET });
    expect(player).toContain(`href="${SET.supportUrl}"`);
    expect(player).toContain(esc(t.nav.support));
  });

  it('next: the dates from today on, earliest first, in German', () => {
    const html = render('/next', { loggedIn: false, showSettings: SET });
    expect(html).toContain('Neujahrsquiz');
    expect(html).not.toContain('Längst vorbei');
    expect(html.indexOf('Neujahrsquiz')).toBeLessThan(html.indexOf('Später'));
    expect(html).toContain('<time dateTime="2999-01-01">Dienstag, 1. Januar 2999</time>');
    expect(formAction(html)).toEqual([esc(SET.newsletterUrl)]);
  });

  it('register and login offer the newsletter form', () => {
    expect(formAction(render('/register', { loggedIn: false, showSettings: SET }))).toEqual([esc(SET.newsletterUrl)]);
    expect(formAction(render('/login', { loggedIn: false, showSettings: SET })).length).toBeGreaterThan(0);
  });

  it("the stream embed shows the channel, with the page's host as its parent", () => {
    const page = globalThis as unknown as { window?: unknown };
    page.window = { location: { hostname: 'quiz.example.org' } };
    try {
      const html = renderPart(createElement(StreamEmbed, { withChat: true }), { showSettings: SET });
      expect(html).toContain('https://player.twitch.tv/?channel=quizkanal&amp;parent=quiz.example.org');
      expect(html).toContain('https://www.twitch.tv/embed/quizkanal/chat?parent=quiz.example.org');
    } finally {
      delete page.window;
    }
  });
});

describe('unset settings are hidden, never a dummy', () => {
  it.each([
    ['/about', false],
    ['/next', false],
    ['/register', false],
    ['/login', false],
    ['/profile', true],
  ])('%s has no newsletter form, support, stream or social link', (path, loggedIn) => {
    const html = render(path, { loggedIn, showSettings: DEFAULT_SHOW_SETTINGS });
    expect(formAction(html)).toEqual([]);
    expect(html).not.toContain(esc(t.newsletter.submit));
    expect(html).not.toContain(esc(t.about.support));
    expect(html).not.toContain(`>${esc(t.nav.stream)}<`);
    expect(html).not.toContain(esc(t.about.social));
    expect(html).not.toMatch(/example\.invalid|twitch\.tv\/quizshow|instagram\.com/);
  });

  it('before any settings arrived, everything is unset too', () => {
    expect(formAction(render('/about', { loggedIn: false }))).toEqual([]);
  });

  it('without dates the next page says so; without a channel the stream says so', () => {
    expect(render('/next', { loggedIn: false, showSettings: { ...SET, nextDates: [] } })).toContain(
      esc(t.showSettings.noDates),
    );
    expect(
      renderPart(createElement(StreamEmbed, { withChat: false }), { showSettings: DEFAULT_SHOW_SETTINGS }),
    ).toContain(esc(t.showSettings.noStream));
  });
});

describe('the newsletter popup opens when its flag is set', () => {
  const openWith = (settings: ShowSettings) => {
    const store = createAppStore();
    store.dispatch(showSettingsActions.received(settings));
    return store;
  };

  it('given the flag and a newsletter address, then it is open; closed, it stays closed until the flag goes off and on', () => {
    const store = openWith({ ...SET, newsletterPopup: true });
    expect(selectNewsletterPopupOpen(store.getState())).toBe(true);
    store.dispatch(showSettingsActions.newsletterPopupDismissed(true));
    expect(selectNewsletterPopupOpen(store.getState())).toBe(false);
    store.dispatch(showSettingsActions.received({ ...SET, newsletterPopup: true, streamUrl: '' }));
    expect(selectNewsletterPopupOpen(store.getState())).toBe(false);
    store.dispatch(showSettingsActions.received({ ...SET, newsletterPopup: false }));
    store.dispatch(showSettingsActions.received({ ...SET, newsletterPopup: true }));
    expect(selectNewsletterPopupOpen(store.getState())).toBe(true);
  });

  it('given the flag without a newsletter address, or no flag, then it stays closed', () => {
    expect(selectNewsletterPopupOpen(openWith({ ...SET, newsletterPopup: true, newsletterUrl: '' }).getState())).toBe(
      false,
    );
    expect(selectNewsletterPopupOpen(openWith(SET).getState())).toBe(false);
  });

  it('renders its form, enter and cancel', () => {
    const html = renderPart(createElement(NewsletterPopup), { showSettings: { ...SET, newsletterPopup: true } });
    expect(formAction(html)).toEqual([esc(SET.newsletterUrl)]);
    expect(html).toContain(esc(t.newsletter.submit));
    expect(html).toContain(esc(t.emailPopup.cancel));
  });
});

describe('the admin screen has the section', () => {
  it('Show-Einstellungen with every setting', () => {
    const html = render('/admin', { perm: ['admin'], views: {}, showSettings: SET });
    expect(html).toContain(esc(t.showSettings.heading));
    for (const text of [
      t.showSettings.streamChannel,
      t.showSettings.streamUrl,
      t.showSettings.supportUrl,
      t.showSettings.newsletterUrl,
      t.showSettings.qrHostName,
      t.showSettings.newsletterPopup,
      t.showSettings.socialLinks,
      t.showSettings.nextDates,
      t.showSettings.linkLabel(2),
      t.showSettings.date(3),
    ]) {
      expect(html).toContain(esc(text));
    }
    expect(html).toContain(`value="${esc(SET.newsletterUrl)}"`);
    expect(html).toContain(esc('Janas Laptop ist im Moment nicht verbunden.'));
  });
});
