import type {
  Article,
  ArticleList,
  BlogList,
  BlogPost,
  SiteDocument,
} from '@gurumatch/shared/schemas/content';

import { apiRequest } from '../../lib/api.ts';

/** What a list screen asks for; empty values are left out of the call. */
export interface ContentListQuery {
  page: number;
  search: string;
  category?: string;
}

function listQueryOf({ page, search, category }: ContentListQuery): string {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  if (category) params.set('category', category);
  return params.toString();
}

/** `GET /api/blog/blogs/?page=&search=` */
export function listBlogPosts(query: ContentListQuery, signal?: AbortSignal): Promise<BlogList> {
  return apiRequest<BlogList>(`/api/blog/blogs/?${listQueryOf(query)}`, { auth: false, signal });
}

/** `GET /api/blog/blogs/{slug}/` */
export function fetchBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiRequest<BlogPost>(`/api/blog/blogs/${encodeURIComponent(slug)}/`, {
    auth: false,
    signal,
  });
}

/** `GET /api/blog/articles/?page=&search=&category=` */
export function listArticles(query: ContentListQuery, signal?: AbortSignal): Promise<ArticleList> {
  return apiRequest<ArticleList>(`/api/blog/articles/?${listQueryOf(query)}`, {
    auth: false,
    signal,
  });
}

/** `GET /api/blog/articles/{slug}/` */
export function fetchArticle(slug: string, signal?: AbortSignal): Promise<Article> {
  return apiRequest<Article>(`/api/blog/articles/${encodeURIComponent(slug)}/`, {
    auth: false,
    signal,
  });
}

/** `GET /api/blog/documents/{slug}/`: a policy (or an area guide). */
export function fetchDocument(slug: string, signal?: AbortSignal): Promise<SiteDocument> {
  return apiRequest<SiteDocument>(`/api/blog/documents/${encodeURIComponent(slug)}/`, {
    auth: false,
    signal,
  });
}
