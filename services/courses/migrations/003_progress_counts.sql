-- Progress from maintained counts instead of recounting a course's lessons on every completion and catalogue read.
--
-- - modules.lesson_count: the module's lessons;
-- - lessons.tagged: the lesson has at least one required tag (a partial index finds a module's tagged lessons, the
--   only ones whose visibility depends on the person: they are counted live, the rest come from the counters);
-- - module_progress: per person and module, how many of the module's lessons the person completed.
--
-- Triggers keep them right in the same transaction as the change, whoever writes (the app, the seed, the bench
-- generator, cascades): lesson insert, delete and move to another module; tag added or removed; completion added or
-- removed. Rows of modules are locked in id order before their counts change, so concurrent writers (the generator
-- inserts two batches at once) wait for each other instead of deadlocking.
ALTER TABLE modules ADD COLUMN lesson_count integer NOT NULL DEFAULT 0;
ALTER TABLE lessons ADD COLUMN tagged boolean NOT NULL DEFAULT false;
CREATE INDEX lessons_tagged_module ON lessons (module_id) WHERE tagged;

CREATE TABLE module_progress (
  user_id integer NOT NULL,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  completed integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, module_id)
);
CREATE INDEX module_progress_module ON module_progress (module_id);

UPDATE modules m SET lesson_count = n.count
FROM (SELECT module_id, count(*)::int AS count FROM lessons GROUP BY module_id) AS n
WHERE n.module_id = m.id;
UPDATE lessons l SET tagged = true WHERE EXISTS (SELECT 1 FROM lesson_tags t WHERE t.lesson_id = l.id);
INSERT INTO module_progress (user_id, module_id, completed)
SELECT lc.user_id, l.module_id, count(*)::int FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id
GROUP BY lc.user_id, l.module_id;

-- Adds `delta` lessons to each module of (module_id, delta) rows.
CREATE FUNCTION courses_add_lesson_counts(changes jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM modules
  WHERE id IN (SELECT (c ->> 'module_id')::int FROM jsonb_array_elements(changes) AS c)
  ORDER BY id FOR NO KEY UPDATE;
  UPDATE modules m SET lesson_count = m.lesson_count + d.delta
  FROM (SELECT (c ->> 'module_id')::int AS module_id, sum((c ->> 'delta')::int)::int AS delta
        FROM jsonb_array_elements(changes) AS c GROUP BY 1) AS d
  WHERE d.module_id = m.id AND d.delta <> 0;
END
$$;

-- Adds `delta` completions to each (user_id, module_id, delta) row.
CREATE FUNCTION courses_add_progress(changes jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO module_progress AS mp (user_id, module_id, completed)
  SELECT d.user_id, d.module_id, d.delta
  FROM (SELECT (c ->> 'user_id')::int AS user_id, (c ->> 'module_id')::int AS module_id,
               sum((c ->> 'delta')::int)::int AS delta
        FROM jsonb_array_elements(changes) AS c GROUP BY 1, 2) AS d
  WHERE d.delta <> 0 AND EXISTS (SELECT 1 FROM modules m WHERE m.id = d.module_id)
  ORDER BY d.user_id, d.module_id
  ON CONFLICT (user_id, module_id) DO UPDATE SET completed = mp.completed + EXCLUDED.completed;
END
$$;

CREATE FUNCTION lessons_count_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM courses_add_lesson_counts(
    (SELECT jsonb_agg(jsonb_build_object('module_id', module_id, 'delta', n)) FROM
      (SELECT module_id, count(*)::int AS n FROM new_lessons GROUP BY module_id) AS g));
  RETURN NULL;
END
$$;

CREATE FUNCTION lessons_count_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM courses_add_lesson_counts(
    (SELECT jsonb_agg(jsonb_build_object('module_id', module_id, 'delta', -n)) FROM
      (SELECT module_id, count(*)::int AS n FROM old_lessons GROUP BY module_id) AS g));
  RETURN NULL;
END
$$;

-- A lesson moved to another module takes its count and its completions with it.
CREATE FUNCTION lessons_count_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_lessons n JOIN old_lessons o ON o.id = n.id WHERE n.module_id <> o.module_id) THEN
    RETURN NULL;
  END IF;
  PERFORM courses_add_lesson_counts(
    (SELECT jsonb_agg(x) FROM (
       SELECT jsonb_build_object('module_id', o.module_id, 'delta', -1) AS x
       FROM new_lessons n JOIN old_lessons o ON o.id = n.id WHERE n.module_id <> o.module_id
       UNION ALL
       SELECT jsonb_build_object('module_id', n.module_id, 'delta', 1)
       FROM new_lessons n JOIN old_lessons o ON o.id = n.id WHERE n.module_id <> o.module_id) AS moves));
  PERFORM courses_add_progress(
    (SELECT jsonb_agg(x) FROM (
       SELECT jsonb_build_object('user_id', lc.user_id, 'module_id', o.module_id, 'delta', -1) AS x
       FROM new_lessons n JOIN old_lessons o ON o.id = n.id JOIN lesson_completions lc ON lc.lesson_id = n.id
       WHERE n.module_id <> o.module_id
       UNION ALL
       SELECT jsonb_build_object('user_id', lc.user_id, 'module_id', n.module_id, 'delta', 1)
       FROM new_lessons n JOIN old_lessons o ON o.id = n.id JOIN lesson_completions lc ON lc.lesson_id = n.id
       WHERE n.module_id <> o.module_id) AS moves));
  RETURN NULL;
END
$$;

-- Before the lesson goes (and its completions with it, by cascade), its completers' counts go down: the completions'
-- own trigger no longer finds the lesson's module then.
CREATE FUNCTION lessons_progress_before_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE module_progress mp SET completed = mp.completed - 1
  FROM lesson_completions lc
  WHERE lc.lesson_id = OLD.id AND mp.user_id = lc.user_id AND mp.module_id = OLD.module_id;
  RETURN OLD;
END
$$;

CREATE FUNCTION completions_count_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM courses_add_progress(
    (SELECT jsonb_agg(jsonb_build_object('user_id', n.user_id, 'module_id', l.module_id, 'delta', 1))
     FROM new_completions n JOIN lessons l ON l.id = n.lesson_id));
  RETURN NULL;
END
$$;

CREATE FUNCTION completions_count_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Completions deleted with their lesson find no lesson here: lessons_progress_before_delete counted them.
  PERFORM courses_add_progress(
    (SELECT jsonb_agg(jsonb_build_object('user_id', o.user_id, 'module_id', l.module_id, 'delta', -1))
     FROM old_completions o JOIN lessons l ON l.id = o.lesson_id));
  RETURN NULL;
END
$$;

CREATE FUNCTION lesson_tags_mark_tagged() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lessons l SET tagged = EXISTS (SELECT 1 FROM lesson_tags t WHERE t.lesson_id = l.id)
  WHERE l.id IN (SELECT lesson_id FROM changed_tags)
    AND l.tagged IS DISTINCT FROM EXISTS (SELECT 1 FROM lesson_tags t WHERE t.lesson_id = l.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER lessons_count_insert AFTER INSERT ON lessons
  REFERENCING NEW TABLE AS new_lessons FOR EACH STATEMENT EXECUTE FUNCTION lessons_count_insert();
CREATE TRIGGER lessons_count_delete AFTER DELETE ON lessons
  REFERENCING OLD TABLE AS old_lessons FOR EACH STATEMENT EXECUTE FUNCTION lessons_count_delete();
CREATE TRIGGER lessons_count_move AFTER UPDATE ON lessons
  REFERENCING OLD TABLE AS old_lessons NEW TABLE AS new_lessons FOR EACH STATEMENT EXECUTE FUNCTION lessons_count_move();
CREATE TRIGGER lessons_progress_before_delete BEFORE DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION lessons_progress_before_delete();
CREATE TRIGGER completions_count_insert AFTER INSERT ON lesson_completions
  REFERENCING NEW TABLE AS new_completions FOR EACH STATEMENT EXECUTE FUNCTION completions_count_insert();
CREATE TRIGGER completions_count_delete AFTER DELETE ON lesson_completions
  REFERENCING OLD TABLE AS old_completions FOR EACH STATEMENT EXECUTE FUNCTION completions_count_delete();
CREATE TRIGGER lesson_tags_mark_tagged_insert AFTER INSERT ON lesson_tags
  REFERENCING NEW TABLE AS changed_tags FOR EACH STATEMENT EXECUTE FUNCTION lesson_tags_mark_tagged();
CREATE TRIGGER lesson_tags_mark_tagged_delete AFTER DELETE ON lesson_tags
  REFERENCING OLD TABLE AS changed_tags FOR EACH STATEMENT EXECUTE FUNCTION lesson_tags_mark_tagged();
