import { decodeHtmlEntities } from '@gurumatch/shared/html-entities';
import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for blog and FAQ HTML. It is applied once, when content
 * is stored; rows stored by any other path (or by an older allow-list) are
 * cleaned once at start-up (`sanitizeStoredContent`, SANITIZER_VERSION), so
 * reads never sanitize. Scripts, styles, iframes, event handlers
 * and `javascript:`/`data:` URLs never survive.
 */
const CONTENT_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'small',
    'blockquote',
    'address',
    'code',
    'pre',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const isExternal = /^https?:\/\//i.test(href);
      const next: sanitizeHtml.Attributes = { ...attribs };
      if (isExternal || next.target === '_blank') next.rel = 'noopener noreferrer';
      else delete next.rel;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  allowedClasses: {},
  // an image whose source was refused is dropped whole
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitized HTML of a blog or FAQ body (transforms run before the allow-list). */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, CONTENT_HTML_OPTIONS).trim();
}

const BLOCK_TAG_PATTERN =
  /<\/?(?:p|h[1-6]|ul|ol|li|blockquote|pre|table|caption|thead|tbody|tfoot|tr|th|td|figure|figcaption|hr|br|img|div)\b[^>]*>/gi;

/** Plain text of an HTML fragment (for search, excerpts and reading time): tags dropped, blocks spaced. */
export function convertHtmlToText(html: string): string {
  const spaced = html.replace(BLOCK_TAG_PATTERN, ' $& ');
  const stripped = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return decodeHtmlEntities(stripped).replace(/\s+/g, ' ').trim();
}
