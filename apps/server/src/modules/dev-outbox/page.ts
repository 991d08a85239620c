import type { OutboxEntry } from '../../adapters/outbox/dev-outbox.ts';

export const OUTBOX_PAGE_PATH = '/dev/outbox';
export const OUTBOX_AUTO_REFRESH_SECONDS = 5;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function isWebLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

function describeChannel(entry: OutboxEntry): string {
  if (entry.kind === 'email') return 'E-mail';
  if (entry.channel === 'whatsapp') return 'WhatsApp code';
  if (entry.channel === 'sms') return 'SMS code';
  return `${entry.channel} code`;
}

function formatTime(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

function pageHref(options: { to?: string | undefined; refresh?: number | undefined }): string {
  const params = new URLSearchParams();
  if (options.to) params.set('to', options.to);
  if (options.refresh) params.set('refresh', String(options.refresh));
  const query = params.toString();
  return query ? `${OUTBOX_PAGE_PATH}?${query}` : OUTBOX_PAGE_PATH;
}

function renderLinks(links: readonly string[]): string {
  if (links.length === 0) return '';
  const items = links
    .map((link) =>
      isWebLink(link)
        ? `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`
        : `<li>${escapeHtml(link)}</li>`,
    )
    .join('');
  return `<ul class="links" aria-label="Links">${items}</ul>`;
}

function renderEntry(entry: OutboxEntry): string {
  const code = entry.code
    ? `<p class="code" aria-label="Code"><span>Code</span> <strong>${escapeHtml(entry.code)}</strong></p>`
    : '';
  return `<li class="entry">
<article>
<p class="meta"><span class="badge badge-${escapeHtml(entry.kind)}">${escapeHtml(describeChannel(entry))}</span> to <strong>${escapeHtml(entry.to)}</strong> · <time datetime="${escapeHtml(entry.created_at)}">${escapeHtml(formatTime(entry.created_at))}</time> · #${String(entry.id)}</p>
<h2>${escapeHtml(entry.subject || '(no subject)')}</h2>
${code}${renderLinks(entry.links)}
<pre class="body">${escapeHtml(entry.body)}</pre>
</article>
</li>`;
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f1f5f9}
header.page,main{max-width:48rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
nav{display:flex;flex-wrap:wrap;gap:.5rem}
nav a{display:inline-block;padding:.5rem .75rem;border-radius:.5rem;background:#fff;border:1px solid #cbd5e1;color:#1e3a8a;text-decoration:none}
nav a[aria-current]{background:#1e3a8a;color:#fff}
ol{list-style:none;margin:0;padding:0}
.entry{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:0 0 1rem}
.meta{margin:0;color:#475569;font-size:.875rem;overflow-wrap:anywhere}
.badge{display:inline-block;padding:0 .5rem;border-radius:999px;font-weight:600}
.badge-email{background:#dbeafe;color:#1e3a8a}
.badge-otp{background:#fef3c7;color:#78350f}
h2{font-size:1.125rem;margin:.5rem 0}
.code{margin:.5rem 0;font-size:1rem}
.code strong{font:700 2rem/1.2 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.2em;background:#f8fafc;border:1px dashed #94a3b8;border-radius:.5rem;padding:.25rem .75rem;display:inline-block}
.links{padding-left:1.25rem;margin:.5rem 0}
.links a{color:#1d4ed8;overflow-wrap:anywhere}
.body{white-space:pre-wrap;overflow-wrap:anywhere;background:#f8fafc;border-radius:.5rem;padding:.75rem;margin:.5rem 0 0;font-size:.875rem}
.empty{background:#fff;border-radius:.75rem;padding:1rem}
`;

export interface OutboxPageOptions {
  /** Seconds between automatic reloads, or undefined for none. */
  refreshSeconds?: number | undefined;
  /** Only the messages to this address or number. */
  to?: string | undefined;
  /** Nonce allowing the page's style block under the content security policy. */
  styleNonce?: string | undefined;
}

/** The development outbox as a plain HTML page, readable on a phone; every value is escaped. */
export function renderOutboxPage(
  entries: readonly OutboxEntry[],
  { refreshSeconds, to, styleNonce }: OutboxPageOptions = {},
): string {
  const refreshMeta = refreshSeconds
    ? `<meta http-equiv="refresh" content="${String(refreshSeconds)}">`
    : '';
  const nonce = styleNonce ? ` nonce="${escapeHtml(styleNonce)}"` : '';
  const autoLink = refreshSeconds
    ? `<a href="${escapeHtml(pageHref({ to }))}" aria-current="true">Stop auto-refresh</a>`
    : `<a href="${escapeHtml(pageHref({ to, refresh: OUTBOX_AUTO_REFRESH_SECONDS }))}">Auto-refresh every ${String(OUTBOX_AUTO_REFRESH_SECONDS)} s</a>`;
  const filter = to
    ? `<p>Showing messages to <strong>${escapeHtml(to)}</strong>. <a href="${OUTBOX_PAGE_PATH}">Show all</a></p>`
    : '';
  const list =
    entries.length > 0
      ? `<ol>${entries.map(renderEntry).join('\n')}</ol>`
      : '<p class="empty">No messages yet. E-mails and verification codes appear here as soon as they are sent.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refreshMeta}
<title>Development outbox · GuruMatch</title>
<style${nonce}>${STYLES}</style>
</head>
<body>
<header class="page">
<h1>Development outbox</h1>
<p>E-mails and verification codes GuruMatch would have sent, newest first.</p>
<nav aria-label="Outbox"><a href="${escapeHtml(pageHref({ to, refresh: refreshSeconds }))}">Refresh</a>${autoLink}<a href="/api/dev/outbox">JSON</a></nav>
${filter}
</header>
<main>
${list}
</main>
</body>
</html>
`;
}
