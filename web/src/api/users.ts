/**
 * /api/user/*: the profile's own save, and the user dashboard's calls (list, form, delete, role change) with their
 * react-query hooks. Keys start with ['users', userId, role]: what a person sees depends on their (displayed) role.
 */
import type {
  BulkActionName,
  BulkActionResult,
  BulkUpdateResponse,
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
import type { ApiAnswer, ListedPerson } from './types';

export type { BulkActionResult, User, UserListAbilities, ValidateUsersCsvResponse };

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

/** Her time zone alone: chosen on /profile, or the browser's sent once while she has none. */
export interface TimeZoneUpdate {
  id: number;
  timeZone: string;
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

/** A full person record (staff's view of read-many), not a member's community card or coach contact. */
const isFullRecord = (person: ListedPerson): person is Extract<ListedPerson, { role: unknown }> => 'role' in person;

export const usersApi = {
  upsert(input: ProfileUpdate | PhotoUpdate | ThemeUpdate | TimeZoneUpdate | UserFormInput): Promise<UpsertUserBody> {
    return api<ApiAnswer<'/api/user/upsert', 'post'>>('/api/user/upsert', {
      method: 'POST',
      create: true,
      body: input,
    });
  },
  async list(request: UserListRequest, signal?: AbortSignal): Promise<UserListBody> {
    const body = await api<ApiAnswer<'/api/user/read-many', 'get'>>('/api/user/read-many', {
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
    // The staff list: the users service gives staff the full record of everyone it lists.
    return { ...body, users: body.users.filter(isFullRecord) };
  },
  remove(id: number): Promise<void> {
    return api<void>(`/api/user/${id}`, { method: 'DELETE' });
  },
  upgradeRole(input: { users: number[]; newRole: Role }): Promise<{ updated: number }> {
    return api<ApiAnswer<'/api/user/upgrade-role', 'post'>>('/api/user/upgrade-role', { method: 'POST', body: input });
  },
  validateCsv(userEmails: string[]): Promise<ValidateUsersCsvResponse> {
    return api<ApiAnswer<'/api/user/validate-users-csv', 'put'>>('/api/user/validate-users-csv', {
      method: 'PUT',
      body: { userEmails },
    });
  },
  /** Queues a user-bulk-update job (202): its id, how many people it handles, the e-mails of nobody. */
  bulkUpdate(input: BulkUpdateInput): Promise<BulkUpdateResponse> {
    return api<ApiAnswer<'/api/user/bulk-update', 'put'>>('/api/user/bulk-update', { method: 'PUT', body: input });
  },
  /** A bulk action of the table: done at once (200), or a job (202 with `jobId`) to follow with bulkActionStatus. */
  bulkAction(input: BulkActionInput): Promise<BulkActionResult> {
    return api<ApiAnswer<'/api/user/bulk-action', 'post'>>('/api/user/bulk-action', { method: 'POST', body: input });
  },
};

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
    return api<ApiAnswer<'/api/user/import', 'post'>>('/api/user/import', { method: 'POST', body: form });
  },
};

export const useStartImport = () => useMutation({ mutationFn: importsApi.start });

/** POST /api/user/invite/{id} (admins): a new invitation e-mail; the older link stops working. */
export const resendInvitation = (id: number) =>
  api<ApiAnswer<'/api/user/invite/{id}', 'post'>>(`/api/user/invite/${encodeURIComponent(String(id))}`, {
    method: 'POST',
  });
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
      api<ApiAnswer<'/api/user/audit-log', 'get'>>('/api/user/audit-log', {
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
              timeZone: user.timeZone ?? null,
            }
          : current,
      ),
  });
}
