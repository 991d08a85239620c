-- Public content (blog posts and FAQ articles) and the contact form's requests.

CREATE TABLE blog_posts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL,
  title text NOT NULL,
  -- sanitized HTML; content_text is its plain text, kept for search
  content text NOT NULL,
  content_text text NOT NULL DEFAULT '',
  excerpt text NOT NULL DEFAULT '',
  featured_image text,
  tags text[] NOT NULL DEFAULT '{}',
  author_id integer REFERENCES users (id) ON DELETE SET NULL,
  is_published boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT blog_posts_slug_key UNIQUE (slug),
  CONSTRAINT blog_posts_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

-- the public list: published posts, newest first
CREATE INDEX blog_posts_published_created_idx ON blog_posts (created_at DESC, id DESC) WHERE is_published;

CREATE TABLE articles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  content_text text NOT NULL DEFAULT '',
  category text NOT NULL CHECK (category IN ('student', 'teacher')),
  video_id text CHECK (video_id ~ '^[A-Za-z0-9_-]{11}$'),
  reading_time integer NOT NULL DEFAULT 1 CHECK (reading_time >= 1),
  view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT articles_slug_key UNIQUE (slug),
  CONSTRAINT articles_slug_format CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

CREATE INDEX articles_created_idx ON articles (created_at DESC, id DESC);
CREATE INDEX articles_category_created_idx ON articles (category, created_at DESC, id DESC);

CREATE TABLE contact_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL,
  contact_number text NOT NULL,
  subject text NOT NULL
    CHECK (subject IN ('payment_issue', 'technical_support', 'general_inquiry', 'feedback', 'other')),
  message text NOT NULL CHECK (char_length(message) <= 2000),
  image_key text,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX contact_requests_created_idx ON contact_requests (created_at DESC, id DESC);
