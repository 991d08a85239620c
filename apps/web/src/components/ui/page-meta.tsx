import { createContext, useContext, useLayoutEffect } from 'react';

const SITE_NAME = 'GuruMatch';

interface PageMetaProps {
  title: string;
  description?: string;
  /** Path of the canonical URL, e.g. '/blogs'. */
  path?: string;
  /** Keep signed-in and transactional pages out of search results. */
  noindex?: boolean;
  image?: string;
}

/** The site's public origin (https://…), for canonical and Open Graph URLs. */
export const SiteOriginContext = createContext('');

/**
 * On the server: receives each page's head tags as HTML, which the server puts
 * in `<head>` (a render writes nothing of its own into the head).
 */
export const HeadTagsContext = createContext<((html: string) => void) | null>(null);

/** One tag of the head: the selector that finds it there, its element, attributes and text. */
interface HeadTag {
  selector: string;
  name: 'title' | 'meta' | 'link';
  attributes: Record<string, string>;
  text?: string;
}

function listHeadTags(
  { title, description, path, noindex = false, image }: PageMetaProps,
  origin: string,
): HeadTag[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url = path === undefined ? undefined : `${origin}${path}`;
  const meta = (key: 'name' | 'property', value: string, content: string): HeadTag => ({
    selector: `meta[${key}="${value}"]`,
    name: 'meta',
    attributes: { [key]: value, content },
  });
  return [
    { selector: 'title', name: 'title', attributes: {}, text: fullTitle },
    ...(description ? [meta('name', 'description', description)] : []),
    ...(noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(url
      ? [
          {
            selector: 'link[rel="canonical"]',
            name: 'link',
            attributes: { rel: 'canonical', href: url },
          } satisfies HeadTag,
        ]
      : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', fullTitle),
    ...(description ? [meta('property', 'og:description', description)] : []),
    ...(url ? [meta('property', 'og:url', url)] : []),
    meta('property', 'og:type', 'website'),
    ...(image ? [meta('property', 'og:image', image)] : []),
  ];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function toHtml({ name, attributes, text }: HeadTag): string {
  const attributeText = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('');
  return name === 'title'
    ? `<title>${escapeHtml(text ?? '')}</title>`
    : `<${name}${attributeText}/>`;
}

/**
 * Title, description, canonical link and Open Graph tags, placed in <head>: by
 * the server on the first load, and kept in step on the client as pages change
 * (an element of the head is reused, created, or removed when the page leaves).
 */
export function PageMeta(props: PageMetaProps) {
  const origin = useContext(SiteOriginContext);
  const collect = useContext(HeadTagsContext);
  const tags = listHeadTags(props, origin);
  if (collect) collect(tags.map(toHtml).join(''));
  const key = JSON.stringify(tags);
  useLayoutEffect(() => {
    const placed = (JSON.parse(key) as HeadTag[]).map((tag) => {
      const element = document.head.querySelector(tag.selector) ?? document.createElement(tag.name);
      for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
      if (tag.text !== undefined) element.textContent = tag.text;
      if (!element.isConnected) document.head.append(element);
      return element;
    });
    return () => {
      for (const element of placed) element.remove();
    };
  }, [key]);
  return null;
}
