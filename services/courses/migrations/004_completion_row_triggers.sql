-- A completion counts into module_progress through a row trigger instead of a statement trigger.
--
-- Completions are written one at a time (a person marks one lesson), and the statement triggers of 003 paid for
-- transition tables, a jsonb round trip and a grouping on every one of them: the lesson completion call is the
-- product's most frequent write. A row trigger does one upsert. Bulk deletes (a person's account removed, a lesson
-- deleted with its completions) still count right: a completion whose lesson is gone finds no module and changes
-- nothing, as lessons_progress_before_delete has already taken it off.
DROP TRIGGER completions_count_insert ON lesson_completions;
DROP TRIGGER completions_count_delete ON lesson_completions;
DROP FUNCTION completions_count_insert();
DROP FUNCTION completions_count_delete();

CREATE FUNCTION completion_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO module_progress AS mp (user_id, module_id, completed)
    SELECT NEW.user_id, l.module_id, 1 FROM lessons l WHERE l.id = NEW.lesson_id
    ON CONFLICT (user_id, module_id) DO UPDATE SET completed = mp.completed + 1;
  ELSE
    UPDATE module_progress mp SET completed = mp.completed - 1
    FROM lessons l
    WHERE l.id = OLD.lesson_id AND mp.user_id = OLD.user_id AND mp.module_id = l.module_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER completion_counted AFTER INSERT OR DELETE ON lesson_completions
  FOR EACH ROW EXECUTE FUNCTION completion_counted();
