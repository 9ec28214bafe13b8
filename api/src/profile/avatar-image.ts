import { loadSharp } from '../common/lazy.js';
import { badInput } from '../common/errors.js';

/** Largest avatar upload accepted (docs/account.md). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** An image this large decoded would take ~160 MB: refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
export const AVATAR_SIZES = { large: 256, small: 64 } as const;
export const AVATAR_MEDIA_FOLDER = 'avatars';
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
export const AVATAR_FORMAT_ERROR = 'The avatar must be a PNG, JPEG or WebP image';

export interface AvatarImages {
  large: Buffer;
  small: Buffer;
}

/**
 * Decodes an uploaded image and re-encodes it as WebP squares of 256 and 64 px (centre crop,
 * EXIF orientation applied, metadata dropped), so nothing the uploader put in the file is served.
 * The format is read from the bytes, not from the file name or the declared type.
 */
export async function makeAvatarImages(bytes: Buffer): Promise<AvatarImages> {
  if (bytes.length === 0) throw badInput('The avatar file is empty');
  if (bytes.length > AVATAR_MAX_BYTES) throw badInput(`The avatar must be at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB`);
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw badInput(AVATAR_FORMAT_ERROR);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badInput(AVATAR_FORMAT_ERROR);
  const square = (size: number) =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 85 }).toBuffer();
  try {
    const [large, small] = await Promise.all([square(AVATAR_SIZES.large), square(AVATAR_SIZES.small)]);
    return { large, small };
  } catch {
    throw badInput('The avatar image is damaged or too large to decode');
  }
}
