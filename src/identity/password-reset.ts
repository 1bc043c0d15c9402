/**
 * Getting back in (PROTOCOL.md wave 5, docs/decisions/password-reset.md): a reset link by e-mail or
 * from an admin, and the new password set through it. The token is made here, shown once (in the
 * e-mail, or to the admin) and kept only as a SHA-256 hash (src/auth/one-time-tokens.ts); the log
 * knows the link's id. Asking for a link answers the same whatever the name: the work that depends on
 * the account (finding it, the event, the e-mail) runs after the answer, one request after another.
 */
import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { uniqueNameKey, type LiveState, type UserLive } from '../../projections/live';
import { present } from '../../projections/live/state/present';
import type { Actor } from '../../events';
import { PASSWORD_RESET_TEXTS } from '../commands/password-reset';
import { reject, type Rejection } from '../commands';
import type { OneTimeTokens } from '../auth/one-time-tokens';
import type { Engine } from '../engine/engine';
import type { Mailer } from '../mail/mailer';
import type { Credentials } from './credentials';
import type { PasswordHasher } from './password-hasher';
import { replacedPassword, runSecured } from './secured-command';
import type { PasswordResetLimits } from '../limits/password-resets';

/** Where the link opens: `<origin>/passwort-neu#<token>` (the fragment never reaches a server's log). */
export const RESET_PAGE_PATH = '/passwort-neu';

/** Accounts one e-mail address may name (registration does not make addresses unique). */
const ACCOUNTS_PER_EMAIL = 3;
/** Requests waiting for their turn; beyond it a request is dropped (its answer was the same 202). */
const PENDING_MAX = 200;

/** The e-mail: German, plain text (an HTML part with the same words). */
export function resetMail(
  user: Pick<UserLive, 'name' | 'login'>,
  url: string,
): { subject: string; text: string; html: string } {
  const lines = [
    `Hallo ${user.name},`,
    '',
    `jemand (hoffentlich du) hat für dein Konto „${user.login}“ ein neues Passwort angefordert. Mit diesem Link setzt du es, er gilt 60 Minuten und nur einmal:`,
    '',
    url,
    '',
    'Wenn du das nicht warst, kannst du diese E-Mail einfach löschen: Dein Passwort bleibt, wie es ist.',
    '',
    'Deine Quiz-Crew',
  ];
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = lines
    .map((line) =>
      line === url ? `<p><a href="${escape(url)}">${escape(url)}</a></p>` : line === '' ? '' : `<p>${escape(line)}</p>`,
    )
    .join('\n');
  return { subject: 'Dein neues Passwort für das Quiz', text: lines.join('\n'), html };
}

/** Who asks: `{login}` or `{email}` as typed. */
export type ResetRequest = { login: string } | { email: string };

export interface PasswordResetDeps {
  engine: Engine;
  tokens: OneTimeTokens;
  credentials: Credentials;
  /** The server's hashing queue (a new password is hashed there). */
  hasher: PasswordHasher;
  /** Requests per address and per name typed, e-mails per account (src/limits/password-resets.ts). */
  limits: PasswordResetLimits;
  /** null without SMTP_URL: then nobody gets an e-mail (the crew makes links). */
  mailer: Mailer | null;
  /** PUBLIC_URL (required with SMTP_URL, src/config.ts). */
  publicUrl: string | null;
  /** The login token for a user whose password was set. */
  sign(user: UserLive): string;
}

export class PasswordResets {
  private readonly logger = new Logger('Passwort');
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly deps: PasswordResetDeps) {}

  /** Whether a request can lead to an e-mail at all (the form says so before anyone types). */
  get byMail(): boolean {
    return this.deps.mailer !== null;
  }

  /**
   * Counts the request (per address, per name typed) and queues its work; the German refusal when
   * beyond a limit. The answer is the same for every name: nothing here looks at the accounts.
   */
  async request(request: ResetRequest, address: string): Promise<string | null> {
    // The name or address typed, as a hash: the limit's table holds no address (nor a name) in clear.
    const typed =
      'login' in request
        ? `login ${uniqueNameKey(request.login.trim())}`
        : `email ${request.email.trim().toLowerCase()}`;
    const key = createHash('sha256').update(typed).digest('base64url');
    const refusal = await this.deps.limits.request(address, key);
    if (refusal !== null) return refusal;
    const mailer = this.deps.mailer;
    if (mailer === null) return null;
    if (this.pending >= PENDING_MAX) {
      this.logger.warn('Zu viele Anfragen nach neuen Passwörtern warten: eine wurde verworfen.');
      return null;
    }
    this.pending++;
    this.queue = this.queue.then(() =>
      this.mailLinks(request, mailer)
        .catch((error: unknown) =>
          this.logger.warn(`E-Mail für ein neues Passwort nicht gesendet (${reasonOf(error)})`),
        )
        .finally(() => this.pending--),
    );
    return null;
  }

  /** Resolves once every request queued so far has been handled (a test's or a stop's wait). */
  settled(): Promise<void> {
    return this.queue;
  }

  /** The queued requests are handled, then the mail server's connections close. */
  async stop(): Promise<void> {
    await this.queue;
    this.deps.mailer?.close();
  }

  /** An admin's link for the user: `{url}` to hand over, or the rule's refusal. */
  async linkFor(userId: string, actor: Actor, origin: string): Promise<{ url: string } | Rejection> {
    const outcome = await this.deps.engine.pipeline.submit({ type: 'CreatePasswordResetLink', userId }, actor);
    if (!outcome.ok) return outcome;
    return { url: await this.urlFor(outcome, origin) };
  }

  /**
   * A new password through a link: 200 with a login token, or the refusal (400 for a link that is
   * unknown, expired, used or replaced). The token is used by the secured step's proof, after the
   * rule's dry run: a password the rule refuses does not use up the link.
   */
  async confirm(
    token: unknown,
    newPassword: string,
    ticket: string | undefined,
  ): Promise<{ token: string } | Rejection> {
    const { engine, tokens, credentials, hasher } = this.deps;
    const linkId = await tokens.peek('reset', token);
    const userId = linkId === null ? undefined : await engine.live.findCaughtUp((s) => ownerOf(s, linkId));
    if (linkId === null || userId === undefined) return reject(PASSWORD_RESET_TEXTS.linkEnded);
    const outcome = await runSecured(engine, {
      input: { type: 'ConfirmPasswordReset', userId, linkId, newPassword },
      actor: { userId: null, roles: [] },
      proof: { verdict: 'resetLinkOk', check: async () => (await tokens.redeem('reset', token)) === linkId },
      newPassword: { hasher, password: newPassword, ticket },
      credential: replacedPassword(credentials, userId),
    });
    if (!outcome.ok) return outcome;
    return {
      token: this.deps.sign(
        present(engine.live.state.users.get(userId), `the user ${userId} whose password was just reset`),
      ),
    };
  }

  private async mailLinks(request: ResetRequest, mailer: Mailer): Promise<void> {
    const { engine } = this.deps;
    const origin = present(this.deps.publicUrl, 'PUBLIC_URL (SMTP_URL needs it, src/config.ts)');
    for (const userId of accountsOf(engine.live.state, request)) {
      if (!(await this.deps.limits.mail(userId))) continue;
      const outcome = await engine.pipeline.submit(
        { type: 'RequestPasswordReset', userId },
        { userId: null, roles: [] },
      );
      if (!outcome.ok) continue; // no e-mail address, blocked: nothing is sent, and the answer was the same
      const user = engine.live.state.users.get(userId);
      if (!user?.email) continue;
      const mail = resetMail(user, await this.urlFor(outcome, origin));
      await mailer.send({ to: user.email, ...mail });
    }
  }

  private async urlFor(
    outcome: { events: ReadonlyArray<{ type: string; data: unknown }> },
    origin: string,
  ): Promise<string> {
    const created = present(
      outcome.events.find((e) => e.type === 'PasswordResetLinkCreated'),
      'the PasswordResetLinkCreated event of a granted request',
    );
    const token = await this.deps.tokens.issue('reset', (created.data as { linkId: string }).linkId);
    return `${origin}${RESET_PAGE_PATH}#${token}`;
  }
}

/** The accounts a request names: by login (case-insensitive), or every account with that e-mail (a few at most). */
function accountsOf(state: LiveState, request: ResetRequest): string[] {
  if ('login' in request) {
    const userId = state.userIdByLogin.get(uniqueNameKey(request.login.trim()));
    return userId ? [userId] : [];
  }
  const wanted = request.email.trim().toLowerCase();
  const found: string[] = [];
  state.users.forEach((user) => {
    if (found.length < ACCOUNTS_PER_EMAIL && !user.erased && user.email?.toLowerCase() === wanted) found.push(user.id);
  });
  return found;
}

/** The user whose newest reset link this is; an older link has no owner any more. */
function ownerOf(state: LiveState, linkId: string): string | undefined {
  let owner: string | undefined;
  state.passwordResetLinks.forEach((newest, userId) => {
    if (newest === linkId) owner = userId;
  });
  return owner;
}

/** A mail server's failure in a few words: its code, never the message (it holds the link). */
function reasonOf(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return (
    [code, responseCode].filter((part) => typeof part === 'string' || typeof part === 'number').join(' ') ||
    'unbekannter Fehler'
  );
}
