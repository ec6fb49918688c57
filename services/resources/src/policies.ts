import type { Actor } from '@rainmakers/contracts';

/** Every signed-in person may upload images (avatars, lesson pictures, board attachments). */
export const canUploadImage = (_actor: Actor) => true;
