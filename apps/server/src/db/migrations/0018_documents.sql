-- Policies and area guides as content (decision 052): one row per page,
-- seeded from the Markdown files in seed/content/documents and edited in the
-- back office. `content` is sanitized HTML, `details` an area guide's parts
-- (introduction, travel, questions, and its lists) read from that HTML when it
-- is stored. `seeded_hash` is the hash of the file that last wrote the row;
-- an administrator's edit clears it, and the seed never writes a row without
-- one again. `updated_at` is the page's "last updated" date.

CREATE TABLE documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('policy', 'area_guide')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
  content text NOT NULL,
  content_text text NOT NULL DEFAULT '',
  details jsonb,
  sanitized_version smallint NOT NULL DEFAULT 0,
  seeded_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT documents_slug_key UNIQUE (slug),
  CONSTRAINT documents_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
