/** /api/user/*: the parts the profile needs (staff screens add theirs later). */
import type { User } from '@rainmakers/contracts';
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

export interface UpsertUserBody {
  user: User;
  isNew: boolean;
}

export const usersApi = {
  upsert(input: ProfileUpdate): Promise<UpsertUserBody> {
    return api<UpsertUserBody>('/api/user/upsert', { method: 'POST', body: input });
  },
};

/** Saves the signed-in person's profile and refreshes the session so the sidebar shows the new name and photo. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: usersApi.upsert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
