/** /api/user/*: the parts the profile needs (staff screens add theirs later). */
import type { CurrentUser, User } from '@rainmakers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

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

export interface UpsertUserBody {
  user: User;
  isNew: boolean;
}

export const usersApi = {
  upsert(input: ProfileUpdate | PhotoUpdate): Promise<UpsertUserBody> {
    return api<UpsertUserBody>('/api/user/upsert', { method: 'POST', body: input });
  },
};

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
            }
          : current,
      ),
  });
}
