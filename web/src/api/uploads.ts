/** POST /upload: one image, multipart field `image`; answers the stored file's address. */
import { useMutation } from '@tanstack/react-query';
import { api } from './client';

export interface UploadBody {
  latestUploadedFileUrl: string;
}

export const UPLOAD_ERROR = 'Error uploading file';

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const body = await api<UploadBody>('/upload', { method: 'POST', body: form });
  if (!body?.latestUploadedFileUrl) throw new Error(UPLOAD_ERROR);
  return body.latestUploadedFileUrl;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
