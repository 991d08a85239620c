/**
 * A local SMTP server that accepts mail like a real relay and keeps every
 * message, decoded, for the test to read. Listens on 127.0.0.1 only.
 */
import type { AddressInfo } from 'node:net';

import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface CapturedMail {
  /** Envelope sender and recipients (MAIL FROM / RCPT TO). */
  mailFrom: string;
  rcptTo: string[];
  /** The authenticated user, or null. */
  user: string | null;
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string;
  /** Decoded text/plain body ('' when absent). */
  text: string;
  /** Decoded text/html body, or null. */
  html: string | null;
  /** Every http(s) URL found in the decoded text body. */
  links: string[];
  raw: string;
}

export interface SmtpPeerOptions {
  user?: string;
  password?: string;
  /** Recipients the server refuses with 550. */
  rejectRecipients?: string[];
  /** The port to listen on (default: any free one); a peer started again keeps its address. */
  port?: number;
}

export interface SmtpPeer {
  readonly port: number;
  /** smtp://user:password@127.0.0.1:port */
  readonly url: string;
  readonly messages: CapturedMail[];
  /** Connections accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitPart(raw: string): MimePart {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return {
    headers: parseHeaders(raw.slice(0, match.index)),
    body: raw.slice(match.index + match[0].length),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= words of a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Every leaf part of a MIME message, body decoded. */
function collectLeaves(part: MimePart): { type: string; text: string }[] {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    return (
      pieces
        .filter((piece) => !piece.startsWith('--'))
        // The line break before each delimiter belongs to the delimiter (RFC 2046).
        .flatMap((piece) =>
          collectLeaves(splitPart(piece.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))),
        )
    );
  }
  return [{ type: contentType.split(';')[0]?.trim().toLowerCase() ?? '', text: decodeBody(part) }];
}

export function parseMail(raw: string): Omit<CapturedMail, 'mailFrom' | 'rcptTo' | 'user'> {
  const message = splitPart(raw);
  const leaves = collectLeaves(message);
  const text = leaves.find((leaf) => leaf.type === 'text/plain')?.text.replace(/\r\n/g, '\n') ?? '';
  const html = leaves.find((leaf) => leaf.type === 'text/html')?.text ?? null;
  return {
    headers: message.headers,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    from: decodeHeader(message.headers.get('from') ?? ''),
    to: decodeHeader(message.headers.get('to') ?? ''),
    text,
    html,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    raw,
  };
}

function addressOf(address: SMTPServerAddress | false): string {
  return address ? address.address : '';
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const user = options.user ?? 'mailer';
  const password = options.password ?? 'mail-secret';
  const rejected = new Set((options.rejectRecipients ?? []).map((item) => item.toLowerCase()));
  const messages: CapturedMail[] = [];
  let connections = 0;

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) {
        callback(null, { user: auth.username });
        return;
      }
      const error = new Error('Authentication credentials invalid') as Error & {
        responseCode: number;
      };
      error.responseCode = 535;
      callback(error);
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        const error = new Error(`Mailbox ${address.address} does not exist`) as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMail(raw),
          mailFrom: addressOf(session.envelope.mailFrom),
          rcptTo: session.envelope.rcptTo.map((address) => address.address),
          user: typeof session.user === 'string' ? session.user : null,
        });
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${String(port)}`,
    messages,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
