import type { Role, SessionAuthentication, User } from '@rainmakers/contracts';
import type { ColumnType } from '@rainmakers/kit';

/**
 * Tables of the auth database (migrations/*.sql). Every insert in the store names every column,
 * so the types need no generated/default markers.
 */
export interface CredentialsTable {
  user_id: number;
  email: string | null;
  password_hash: string | null;
  version: number;
  updated_at: Date;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  acting_role: Role | null;
  impersonator_id: number | null;
  created_at: Date;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  /** Migration 004. */
  authentication: SessionAuthentication;
}

/** Migration 004. last_used_step: bigint, read back as a string by pg. */
export interface SecondFactorsTable {
  user_id: number;
  secret_ciphertext: string;
  confirmed_at: Date | null;
  last_used_step: ColumnType<string | null, number | null, number | null>;
  created_at: Date;
  updated_at: Date;
}

export interface RecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  /** Migration 003: a forgot-password link or an invitation. */
  kind: ColumnType<ResetKind, ResetKind | undefined, ResetKind>;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export type ResetKind = 'reset' | 'invitation';

export interface PeopleTable {
  user_id: number;
  /** The contracts' User: read as an object (jsonb), written as its JSON text. */
  person: ColumnType<User, string, string>;
  version: number;
  updated_at: Date;
}

export interface AuthSchema {
  people: PeopleTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
}
