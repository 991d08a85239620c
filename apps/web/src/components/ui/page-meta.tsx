import { createContext, useContext } from 'react';

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
 * Title, description, canonical link and Open Graph tags. React places them in
 * <head>: the server render puts them before the page's markup (`entry-server.tsx`
 * moves them into the head), and in the browser React keeps them in step as pages
 * change, removing a page's tags when it leaves.
 */
export function PageMeta({ title, description, path, noindex = false, image }: PageMetaProps) {
  const origin = useContext(SiteOriginContext);
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url = path === undefined ? undefined : `${origin}${path}`;
  return (
    <>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={fullTitle} />
      {description ? <meta property="og:description" content={description} /> : null}
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:type" content="website" />
      {image ? <meta property="og:image" content={image} /> : null}
    </>
  );
}
