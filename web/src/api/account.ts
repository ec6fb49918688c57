/** /api/account: the signed-in person's own data (the gateway's export) and closing her account (auth). */
import type { AccountExport } from '@rainmakers/contracts';
import { api } from './client';

export interface CloseAccountInput {
  password: string;
  /** Only when she has a second factor. */
  code?: string;
}

export const accountApi = {
  /** Everything the product holds about her, as the file's JSON (the gateway answers 503 rather than a partial one). */
  exportData(): Promise<AccountExport> {
    return api<AccountExport>('/api/account/export');
  },
  closeAccount(input: CloseAccountInput): Promise<void> {
    return api<void>('/api/account', { method: 'DELETE', body: input });
  },
};
