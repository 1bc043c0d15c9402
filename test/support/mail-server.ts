/**
 * A real SMTP server for tests (the `smtp-server` package, on a free port of 127.0.0.1): it accepts
 * every mail with the user and password it was started with and keeps it, decoded enough to read
 * (the subject, the plain-text and HTML parts of a multipart message, quoted-printable or base64).
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** The message as it arrived. */
  raw: string;
}

export const MAIL_USER = 'quiz';
export const MAIL_PASSWORD = 'smtp-geheim';

export class TestMailServer {
  readonly mails: ReceivedMail[] = [];
  private waiting: Array<() => void> = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<TestMailServer> {
    let self: TestMailServer | null = null;
    const server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === MAIL_USER && auth.password === MAIL_PASSWORD) callback(null, { user: auth.username });
        else callback(new Error('Falsche Zugangsdaten'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          self!.received({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...readMessage(raw),
          });
          callback();
        });
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
    });
    self = new TestMailServer(server, port);
    return self;
  }

  /** SMTP_URL for the server under test. */
  get url(): string {
    return `smtp://${MAIL_USER}:${MAIL_PASSWORD}@127.0.0.1:${this.port}`;
  }

  /** Resolves once `count` mails have arrived. */
  async until(count: number): Promise<ReceivedMail[]> {
    while (this.mails.length < count) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.mails;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private received(mail: ReceivedMail): void {
    this.mails.push(mail);
    for (const wake of this.waiting.splice(0)) wake();
  }
}

/** Headers (unfolded, names in lower case) and body of a MIME entity. */
function split(entity: string): { headers: Map<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  const head = at < 0 ? entity : entity.slice(0, at);
  const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return quotedPrintable(body.replace(/=\r?\n/g, ''));
    default:
      return body;
  }
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes a German subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

function readMessage(raw: string): { subject: string; text: string; html: string | null } {
  const { headers, body } = split(raw);
  const parts: Array<{ type: string; content: string }> = [];
  const walk = (type: string, content: string, encoding: string | undefined) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
      parts.push({ type: type.toLowerCase(), content: decodeBody(content, encoding) });
      return;
    }
    for (const piece of content.split(`--${boundary}`).slice(1)) {
      if (piece.startsWith('--')) break;
      const inner = split(piece.replace(/^\r?\n/, ''));
      walk(
        inner.headers.get('content-type') ?? 'text/plain',
        inner.body,
        inner.headers.get('content-transfer-encoding'),
      );
    }
  };
  walk(headers.get('content-type') ?? 'text/plain', body, headers.get('content-transfer-encoding'));
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content.trim() ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? null,
  };
}
