import { createTransport } from 'nodemailer';

/** One e-mail: German text, a plain-text part always, an HTML part where it helps. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** How long a mail server may take before a send counts as failed (it runs after the answer, never in a request). */
const SMTP_TIMEOUT_MS = 20_000;

/**
 * The show's e-mails through SMTP_URL (`smtp://` with STARTTLS where the server offers it, or
 * `smtps://`), from MAIL_FROM, by nodemailer (docs/decisions/password-reset.md). nodemailer's own
 * logging stays off: its debug lines would hold the messages, and a reset mail holds a secret.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    logger: false,
    debug: false,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      });
    },
    close: () => transport.close(),
  };
}
