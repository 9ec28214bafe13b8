import { authRequestErrorFrom } from '../auth/authErrors';

/** Largest file the server takes (api/src/profile/avatar-image.ts); checked here too, to fail before uploading. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Sends the file as the body of POST /api/profile/avatar; a refusal reads 'status: message' (SPEC 8). */
export async function uploadAvatar(file: File): Promise<void> {
  if (!AVATAR_TYPES.includes(file.type)) throw new Error('The avatar must be a PNG, JPEG or WebP image');
  if (file.size > AVATAR_MAX_BYTES) throw new Error('The avatar must be at most 5 MB');
  const response = await fetch('/api/profile/avatar', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': file.type, Accept: 'application/json' },
    body: file,
  });
  if (!response.ok) throw await authRequestErrorFrom(response);
}
