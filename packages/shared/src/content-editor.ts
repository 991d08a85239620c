/**
 * What the back office's rich-text editor (Tiptap's StarterKit plus Image) may
 * produce: paragraphs, h2/h3 headings, bold, italic, underline, bulleted and
 * numbered lists, quotes, line breaks, links and images. The server's content
 * sanitiser keeps every one of these unchanged, so what Preview shows is what
 * is published. These are the options the editor is configured with; the
 * server's tests build the same editor to check that.
 */
export const CONTENT_EDITOR_STARTER_KIT = {
  heading: { levels: [2, 3] as (2 | 3)[] },
  code: false as const,
  codeBlock: false as const,
  strike: false as const,
  horizontalRule: false as const,
  link: {
    openOnClick: false as const,
    autolink: true,
    defaultProtocol: 'https',
    protocols: ['mailto', 'tel'] as string[],
    // what the sanitiser gives a link that opens in a new tab
    HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' } as Record<string, string>,
  },
} satisfies Record<string, unknown>;

/** Link targets the editor accepts (the sanitiser refuses any other scheme). */
export const CONTENT_LINK_PATTERN = /^(https?:\/\/|\/(?!\/)|mailto:|tel:)/i;
