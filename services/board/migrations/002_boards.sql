-- Move the Needle boards. One board per person (user_id), plus one Master Template (user_id NULL) that every
-- admin edits and members' boards are copied from. Card positions are zero-based and gapless per list: the
-- deferred unique constraint proves no two cards ever share a position at commit.

CREATE TABLE boards (
  id serial PRIMARY KEY,
  user_id integer UNIQUE,
  is_template boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT boards_owner CHECK ((is_template AND user_id IS NULL) OR (NOT is_template AND user_id IS NOT NULL))
);
CREATE UNIQUE INDEX boards_one_template ON boards (is_template) WHERE is_template;

CREATE TABLE board_lists (
  id serial PRIMARY KEY,
  board_id integer NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  fixed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX board_lists_board ON board_lists (board_id, position, id);
-- A fixed list exists once per board.
CREATE UNIQUE INDEX board_lists_fixed_name ON board_lists (board_id, name) WHERE fixed;

CREATE TABLE cards (
  id serial PRIMARY KEY,
  list_id integer NOT NULL REFERENCES board_lists (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  position integer NOT NULL CHECK (position >= 0),
  cover_photo_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cards_list_position UNIQUE (list_id, position) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE labels (
  id serial PRIMARY KEY,
  board_id integer NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  color text NOT NULL CHECK (color IN ('red-200', 'pink-200', 'purple-200', 'blue-200', 'green-200', 'yellow-200',
                                       'yellow-400', 'gray-200', 'indigo-200', 'purple-400')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT labels_board_color UNIQUE (board_id, color)
);

CREATE TABLE card_labels (
  card_id integer NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  label_id integer NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
  PRIMARY KEY (card_id, label_id)
);
CREATE INDEX card_labels_label ON card_labels (label_id);

CREATE TABLE attachments (
  id serial PRIMARY KEY,
  card_id integer NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  file_url text NOT NULL,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_card ON attachments (card_id, id);

CREATE TABLE comments (
  id serial PRIMARY KEY,
  card_id integer NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  -- users owns people; the author's name and photo come from the local copy (people).
  author_id integer NOT NULL,
  comment text NOT NULL CHECK (length(comment) > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_card ON comments (card_id, created_at DESC, id DESC);

CREATE TABLE comment_mentions (
  comment_id integer NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  PRIMARY KEY (comment_id, user_id)
);

CREATE TABLE checklists (
  id serial PRIMARY KEY,
  card_id integer NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checklists_card ON checklists (card_id, id);

CREATE TABLE checklist_items (
  id serial PRIMARY KEY,
  checklist_id integer NOT NULL REFERENCES checklists (id) ON DELETE CASCADE,
  title text NOT NULL,
  completed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checklist_items_checklist ON checklist_items (checklist_id, id);

-- The board's copy of people (users owns them), kept from users.user-changed / users.user-deleted: names for
-- '{full name}'s Board', comment authors, the coach picker and mention e-mails; role and createdAt for whose
-- board exists. `version` is users' version: an older event never replaces a newer copy.
CREATE TABLE people (
  user_id integer PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL,
  photo_url text,
  role text NOT NULL,
  account_created_at timestamptz NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX people_role ON people (role);
