/**
 * Words, patterns and limits of blog posts (`/blogs`) and FAQ articles (`/faqs`),
 * kept apart from the zod schemas so the blog and FAQ pages load without zod.
 */

export const ARTICLE_CATEGORIES = ['student', 'teacher'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** Labels of the FAQ category select (part 1 §2): the value '' means all categories. */
export const ARTICLE_CATEGORY_OPTIONS = [
  { value: '', label: 'All Categories' },
  { value: 'student', label: 'Student' },
  { value: 'teacher', label: 'Tutor' },
] as const satisfies readonly { value: ArticleCategory | ''; label: string }[];

/** An eleven-character YouTube video id. */
/** The pages kept as documents: the policies and the area guides (decision 052). */
export const DOCUMENT_KINDS = ['policy', 'area_guide'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const YOUTUBE_VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
/** Longest `search` text the list calls accept, in characters. */
export const CONTENT_SEARCH_MAX_LENGTH = 200;
export const SLUG_MAX_LENGTH = 200;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What the blog and FAQ screens say (part 1 §2 and §8), and what the API answers on bad input. */
export const CONTENT_MESSAGES = {
  noBlogPosts: 'No blog post found.',
  blogNotFound: 'Blog post not found',
  backToBlogs: 'Back to blogs',
  readMore: 'Read More',
  noFaqs: 'No faqs found.',
  articleNotFound: 'Article not found',
  relatedVideo: 'Related Video',
  invalidPage: 'Invalid page.',
  invalidPageSize: 'Invalid page size.',
  invalidCategory: 'Select a valid choice. That choice is not one of the available choices.',
  searchTooLong: `Search text must be at most ${String(CONTENT_SEARCH_MAX_LENGTH)} characters.`,
  areaGuideIncomplete:
    "An area guide needs an introduction, a 'Getting there' section, and a 'Questions' section with each question as a small heading and its answer below.",
} as const;
