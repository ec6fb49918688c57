-- Drip (docs/decisions.md "Drip"): a module may open a number of days after the member's access to it began, or on
-- a fixed date; both at the start of that day in her time zone. One rule per module at most.
-- release_rule_set_at: when the rule last changed; only openings after it are announced (a rule added to an old
-- module does not tell every long-standing member that it "opened").
ALTER TABLE modules ADD COLUMN release_after_days integer CHECK (release_after_days BETWEEN 1 AND 3650);
ALTER TABLE modules ADD COLUMN release_at date;
ALTER TABLE modules ADD COLUMN release_rule_set_at timestamptz;
ALTER TABLE modules ADD CONSTRAINT modules_one_release_rule CHECK (release_after_days IS NULL OR release_at IS NULL);
-- The release sweep reads the few modules with a rule.
CREATE INDEX modules_with_release_rule ON modules (id) WHERE release_after_days IS NOT NULL OR release_at IS NOT NULL;

-- The courses service's copy of people learns what the schedule needs: her account's creation, her time zone and
-- the day she gained each tag ({"tagId": "ISO date"}), from users.user-changed.
ALTER TABLE people ADD COLUMN created_at timestamptz;
ALTER TABLE people ADD COLUMN time_zone text;
ALTER TABLE people ADD COLUMN tag_grants jsonb NOT NULL DEFAULT '{}';

-- Who has been told that a module opened to her: at most once per member and module.
CREATE TABLE module_release_notices (
  user_id integer NOT NULL,
  module_id integer NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  opened_at timestamptz NOT NULL,
  noticed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (module_id, user_id)
);
CREATE INDEX module_release_notices_user ON module_release_notices (user_id);
