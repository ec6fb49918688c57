-- AI Toolkit: the system prompts admins replaced (the defaults live in contracts/src/ai.ts), and each member's
-- conversations with the assistants.
CREATE TABLE ai_prompts (
  assistant text PRIMARY KEY,
  system_prompt text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ai_conversations (
  id serial PRIMARY KEY,
  user_id integer NOT NULL,
  assistant text NOT NULL,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_conversations_user ON ai_conversations (user_id, assistant, updated_at DESC);

CREATE TABLE ai_messages (
  id serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES ai_conversations (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_messages_conversation ON ai_messages (conversation_id, id);
-- The daily limit counts a person's own messages since midnight UTC.
CREATE INDEX ai_messages_user_day ON ai_messages (user_id, created_at) WHERE role = 'user';
