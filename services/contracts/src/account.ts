/**
 * A member's own data: GET /api/account/export (everything the product holds about her, one JSON file) and
 * DELETE /api/account (she closes her account). The gateway gathers the export from every service's
 * `/internal/users/{id}/export`; auth checks the password and asks users to close the account, which deletes her
 * through users.user-deleted like an admin's delete (docs/decisions.md "Closing one's own account").
 */
import { z } from 'zod';
import { secondFactorCodeField } from './auth';
import { FIELD_REQUIRED } from './messages';

export * from './account-constants';

/** DELETE /api/account: her password, and a current code (or recovery code) when she has a second factor. */
export const closeAccountSchema = z.object({
  password: z.string({ error: FIELD_REQUIRED }).min(1, FIELD_REQUIRED).max(1024),
  code: secondFactorCodeField.optional(),
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

/** The parts of the export, each from the service that owns it (the file's top-level keys beside `exportedAt`). */
export const ACCOUNT_EXPORT_PARTS = ['users', 'auth', 'courses', 'board', 'tools', 'resources', 'billing'] as const;
export type AccountExportPart = (typeof ACCOUNT_EXPORT_PARTS)[number];

/** The file GET /api/account/export answers: each part as its service presented it. */
export type AccountExport = {
  exportedAt: string;
  userId: number;
} & Record<AccountExportPart, Record<string, unknown>>;
