/**
 * /api/user/*: the profile's own save, and the user dashboard's calls (list, form, delete, role change) with their
 * react-query hooks. Keys start with ['users', userId, role]: what a person sees depends on their (displayed) role.
 */
import type {
  BulkActionName,
  BulkActionResult,
  BulkUpdateResponse,
  BulkUpdateStatus,
  CurrentUser,
  Role,
  ThemePreference,
  User,
  UserListAbilities,
  ValidateUsersCsvResponse,
} from '@rainmakers/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../session/context';
import { api } from './client';
import { queryKeys } from './keys';

export type { BulkActionResult, BulkUpdateStatus, User, UserListAbilities, ValidateUsersCsvResponse };

/** The list's filters as GET /api/user/read-many takes them (`filters[...]`), and a bulk action's "all matching". */
export interface UserListFilters {
  role?: Role[];
  stripeStatus?: string;
  payment?: 'problems';
  tagId?: number;
  joinedFrom?: string;
  joinedTo?: string;
}

/** POST /api/user/bulk-action: a selection (ids) or everyone matching the search and filters. */
export interface BulkActionInput {
  action: BulkActionName;
  tagId?: number;
  role?: Role;
  target: { ids: number[] } | { filter: { search?: string; filters: UserListFilters } };
}

export interface BulkUpdateInput {
  userEmails: string[];
  tags: number[];
  availableAction: 'add' | 'remove';
  role: Role | null;
}

/** What a member may change about themselves through POST /api/user/upsert. */
export interface ProfileUpdate {
  id: number;
  fullName: string;
  /** Only sent when the person typed a new one. */
  password?: string;
  /** Required with a new password (the server answers errors.currentPassword otherwise). */
  currentPassword?: string;
  city: string;
  state: string;
  country: string;
  phoneNumber: string;
  photoUrl: string | null;
}

/** The photo alone: saved as soon as its upload finishes. */
export interface PhotoUpdate {
  id: number;
  photoUrl: string | null;
}

/** The colour scheme alone: saved as soon as it is picked on /profile. */
export interface ThemeUpdate {
  id: number;
  theme: ThemePreference;
}

export interface UpsertUserBody {
  user: User;
  isNew: boolean;
}

/** What the user dashboard asks for (all of it lives in the address). */
export interface UserListRequest {
  page: number;
  usersPerPage: number;
  search: string;
  /** 'unpaid' = the 'Sub. Problems' filter; `payment: 'problems'` every blocking status (listState.listFilters). */
  filters: UserListFilters;
  sort: 'name' | 'joined' | 'role' | 'payment';
  order: 'asc' | 'desc';
}

export interface UserListBody {
  users: User[];
  premiumCount: number;
  basicCount: number;
  totalCount: number;
  abilities: UserListAbilities;
}

/** The user form's payload (admins send every field; coaches only id and Tags). */
export interface UserFormInput {
  id?: number | null;
  fullName?: string;
  email?: string;
  password?: string | null;
  role?: Role;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  Tags: number[];
}

export const usersApi = {
  upsert(input: ProfileUpdate | PhotoUpdate | ThemeUpdate | UserFormInput): Promise<UpsertUserBody> {
    return api<UpsertUserBody>('/api/user/upsert', { method: 'POST', create: true, body: input });
  },
  list(request: UserListRequest, signal?: AbortSignal): Promise<UserListBody> {
    return api<UserListBody>('/api/user/read-many', {
      query: {
        page: request.page,
        usersPerPage: request.usersPerPage,
        search: request.search || undefined,
        'filters[role]': request.filters.role?.join(','),
        'filters[stripeStatus]': request.filters.stripeStatus,
        'filters[payment]': request.filters.payment,
        'filters[tagId]': request.filters.tagId,
        'filters[joinedFrom]': request.filters.joinedFrom,
        'filters[joinedTo]': request.filters.joinedTo,
        sort: request.sort !== 'joined' ? request.sort : undefined,
        order: request.order !== 'desc' ? request.order : undefined,
      },
      signal,
    });
  },
  remove(id: number): Promise<void> {
    return api<void>(`/api/user/${id}`, { method: 'DELETE' });
  },
  upgradeRole(input: { users: number[]; newRole: Role }): Promise<{ updated: number }> {
    return api<{ updated: number }>('/api/user/upgrade-role', { method: 'POST', body: input });
  },
  validateCsv(userEmails: string[]): Promise<ValidateUsersCsvResponse> {
    return api<ValidateUsersCsvResponse>('/api/user/validate-users-csv', { method: 'PUT', body: { userEmails } });
  },
  /** Queues a user-bulk-update job (202): its id, how many people it handles, the e-mails of nobody. */
  bulkUpdate(input: BulkUpdateInput): Promise<BulkUpdateResponse> {
    return api<BulkUpdateResponse>('/api/user/bulk-update', { method: 'PUT', body: input });
  },
  /** A bulk action of the table: done at once (200), or a job (202 with `jobId`) to follow with bulkActionStatus. */
  bulkAction(input: BulkActionInput): Promise<BulkActionResult> {
    return api<BulkActionResult>('/api/user/bulk-action', { method: 'POST', body: input });
  },
  bulkActionStatus(jobId: string, signal?: AbortSignal): Promise<BulkActionResult> {
    return api<BulkActionResult>(`/api/user/bulk-action/${encodeURIComponent(jobId)}`, { signal });
  },
  bulkUpdateStatus(jobId: string, signal?: AbortSignal): Promise<BulkUpdateStatus> {
    return api<BulkUpdateStatus>(`/api/user/bulk-update/${encodeURIComponent(jobId)}`, { signal });
  },
};

/** Where an import stands (GET /api/user/import/{jobId}). */
export interface ImportStatus {
  jobId: string;
  state: string;
  total: number;
  done: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errorCount: number;
  failedReason: string | null;
}

export const importsApi = {
  /** `sendInvitations`: e-mail every person the import creates an invitation. */
  start({
    file,
    sendInvitations,
  }: {
    file: File;
    sendInvitations: boolean;
  }): Promise<{ jobId: string; total: number }> {
    const form = new FormData();
    form.append('sendInvitations', sendInvitations ? 'true' : 'false');
    form.append('file', file);
    return api<{ jobId: string; total: number }>('/api/user/import', { method: 'POST', body: form });
  },
  status(jobId: string, signal?: AbortSignal): Promise<ImportStatus> {
    return api<ImportStatus>(`/api/user/import/${encodeURIComponent(jobId)}`, { signal });
  },
};

export const importErrorsUrl = (jobId: string) => `/api/user/import/${encodeURIComponent(jobId)}/errors.csv`;

/** An import's progress, asked every half second until it has finished (then the user lists are read again). */
export function useImportStatus(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['user-import', jobId],
    queryFn: async ({ signal }) => {
      const status = await importsApi.status(jobId ?? '', signal);
      if (status.state === 'completed') await queryClient.invalidateQueries({ queryKey: ['users'] });
      return status;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'completed' || state === 'failed' ? false : 500;
    },
  });
}

export const useStartImport = () => useMutation({ mutationFn: importsApi.start });

/** POST /api/user/{id}/invite (admins): a new invitation e-mail; the older link stops working. */
export const resendInvitation = (id: number) =>
  api<{ message: string }>(`/api/user/${encodeURIComponent(String(id))}/invite`, { method: 'POST' });
export const useResendInvitation = () => useUsersChange(resendInvitation);

/** One entry of the audit log (GET /api/user/audit-log). */
export interface AuditEntry {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string | null;
  impersonatorId: number | null;
  action: string;
  userId: number | null;
  userName: string | null;
  tagId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const AUDIT_PAGE_SIZE = 25;

export function useAuditLog(request: { userId: number | null; page: number }) {
  return useQuery({
    queryKey: ['users', 'audit', request],
    queryFn: ({ signal }) =>
      api<{ entries: AuditEntry[]; totalCount: number }>('/api/user/audit-log', {
        query: { userId: request.userId ?? undefined, page: request.page, itemsPerPage: AUDIT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUsersScope(): readonly ['users', number, string] {
  const user = useCurrentUser();
  return ['users', user.id, user.role] as const;
}

/** One page of the user dashboard; the previous page stays on screen while the next one loads. */
export function useUserList(request: UserListRequest) {
  const scope = useUsersScope();
  return useQuery({
    queryKey: [...scope, 'list', request],
    queryFn: ({ signal }) => usersApi.list(request, signal),
    placeholderData: keepPreviousData,
  });
}

function useUsersChange<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export const useSaveUser = () => useUsersChange(usersApi.upsert);
export const useDeleteUser = () => useUsersChange(usersApi.remove);
export const useUpgradeRoles = () => useUsersChange(usersApi.upgradeRole);
export const useValidateUsersCsv = () => useMutation({ mutationFn: usersApi.validateCsv });
export const useBulkUpdate = () => useMutation({ mutationFn: usersApi.bulkUpdate });

const finished = (state: string | undefined) => state === 'completed' || state === 'failed';

/** A bulk update's progress, asked every half second until it has finished (then the user lists are read again). */
export function useBulkUpdateStatus(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['user-bulk-update', jobId],
    queryFn: async ({ signal }) => {
      const status = await usersApi.bulkUpdateStatus(jobId ?? '', signal);
      if (status.state === 'completed') await queryClient.invalidateQueries({ queryKey: ['users'] });
      return status;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data?.state) ? false : 500),
  });
}

/**
 * Saves the signed-in person's profile and puts the saved fields into the session at once, so the sidebar shows
 * the new name and photo. (Not a refetch of /api/auth/me: auth answers it from its copy of the person, which
 * follows users' event a moment later.)
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.upsert,
    onSuccess: ({ user }) =>
      queryClient.setQueryData<CurrentUser | null>(queryKeys.session, (current) =>
        current && current.id === user.id
          ? {
              ...current,
              fullName: user.fullName,
              photoUrl: user.photoUrl,
              city: user.city,
              state: user.state,
              country: user.country,
              phoneNumber: user.phoneNumber,
              theme: user.theme,
            }
          : current,
      ),
  });
}
