-- A plain-text copy of each lesson's markdown, for the catalogue's snippets: the search reads a piece of it
-- around the first match instead of parsing markdown per result. courses_plain_text mirrors domain/search.ts
-- plainText (same steps, same order; test/search-index.test.ts checks they agree).
--
-- The copy lives beside the lessons (lesson_texts.content_text), not in them: a lesson row sits near the 2 kB
-- point where PostgreSQL moves long values out of the row, and another ~500 bytes in each row made the lessons
-- table a third larger, which made the title and content searches' sequential scans dearer and more often chosen.
-- Triggers keep it filled on every insert and on every update of the content (the app, the seed, the
-- benchmark's generator alike); deleting a lesson deletes its copy. This migration backfills the existing rows.
CREATE FUNCTION courses_plain_text(markdown text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN btrim(
  regexp_replace(
    regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(
            regexp_replace(
              regexp_replace(
                regexp_replace(markdown, '```.*?(```|$)', ' ', 'g'),
                '!\[([^]]*)\]\([^)]*\)?', '\1', 'g'),
              '\[([^]]*)\]\([^)]*\)?', '\1', 'g'),
            '<[^>]*>', ' ', 'g'),
          '^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+', '', 'gn'),
        '^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$', ' ', 'gn'),
      '[|*_`~]+', ' ', 'g'),
    '\s+', ' ', 'g'),
  ' ');

CREATE TABLE lesson_texts (
  lesson_id integer PRIMARY KEY REFERENCES lessons (id) ON DELETE CASCADE,
  content_text text NOT NULL
);

INSERT INTO lesson_texts (lesson_id, content_text) SELECT id, courses_plain_text(content) FROM lessons;

CREATE FUNCTION lessons_insert_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lesson_texts (lesson_id, content_text)
  SELECT n.id, courses_plain_text(n.content) FROM new_lessons n;
  RETURN NULL;
END
$$;

CREATE FUNCTION lessons_update_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lesson_texts (lesson_id, content_text)
  SELECT n.id, courses_plain_text(n.content)
  FROM new_lessons n JOIN old_lessons o ON o.id = n.id
  WHERE n.content IS DISTINCT FROM o.content
  ON CONFLICT (lesson_id) DO UPDATE SET content_text = EXCLUDED.content_text;
  RETURN NULL;
END
$$;

CREATE TRIGGER lessons_insert_text AFTER INSERT ON lessons
  REFERENCING NEW TABLE AS new_lessons FOR EACH STATEMENT EXECUTE FUNCTION lessons_insert_text();
CREATE TRIGGER lessons_update_text AFTER UPDATE ON lessons
  REFERENCING OLD TABLE AS old_lessons NEW TABLE AS new_lessons FOR EACH STATEMENT EXECUTE FUNCTION lessons_update_text();
