-- Content at scale (decision 011): a full-text search vector per post and
-- article with a GIN index, an excerpt for article lists, the version of the
-- sanitiser each stored body went through (rows below the current version are
-- cleaned once, at start-up, then never again on read), and what the start-up
-- seed last wrote.

ALTER TABLE blog_posts
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', title), 'A') || to_tsvector('simple', content_text)
  ) STORED,
  ADD COLUMN sanitized_version smallint NOT NULL DEFAULT 0;

-- search: published posts only, as the public list
CREATE INDEX blog_posts_search_idx ON blog_posts USING gin (search_vector) WHERE is_published;
-- the start-up pass finds bodies not yet cleaned by the current sanitiser (version 1)
CREATE INDEX blog_posts_unsanitized_idx ON blog_posts (id) WHERE sanitized_version < 1;

ALTER TABLE articles
  ADD COLUMN excerpt text NOT NULL DEFAULT '',
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', title)) STORED,
  ADD COLUMN sanitized_version smallint NOT NULL DEFAULT 0;

CREATE INDEX articles_search_idx ON articles USING gin (search_vector);
CREATE INDEX articles_unsanitized_idx ON articles (id) WHERE sanitized_version < 1;

-- one row per seed (e.g. 'content'): the hash of what it last wrote
CREATE TABLE seed_state (
  name text PRIMARY KEY,
  content_hash text NOT NULL,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
