/** POST /upload: one image, multipart field `image`; answers the stored file's address. */
import { useMutation } from '@tanstack/react-query';
import { UPLOAD_ERROR } from '../lib/constants';
import { api } from './client';
import type { ApiAnswer } from './types';

export { UPLOAD_ERROR };

export interface UploadBody {
  latestUploadedFileUrl: string;
}

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const body = await api<ApiAnswer<'/upload', 'post'>>('/upload', { method: 'POST', body: form });
  if (!body?.latestUploadedFileUrl) throw new Error(UPLOAD_ERROR);
  return body.latestUploadedFileUrl;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
