import { useState } from 'react';
import './Avatar.css';

/** SPEC 2: the first letter of the username uppercased, or 'U' when there is none. */
export function avatarInitial(username: string | null | undefined): string {
  const first = username?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}

interface AvatarProps {
  username: string | null | undefined;
  avatarUrl: string | null | undefined;
  size?: number;
}

export function Avatar({ username, avatarUrl, size = 36 }: AvatarProps) {
  // A broken image URL falls back to the initial instead of an empty box.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(avatarUrl) && failedUrl !== avatarUrl;
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden>
      {showImage ? (
        <img className="avatar__image" src={avatarUrl ?? undefined} alt="" onError={() => setFailedUrl(avatarUrl ?? null)} />
      ) : (
        <span className="avatar__initial" data-testid="avatar-initial">
          {avatarInitial(username)}
        </span>
      )}
    </span>
  );
}
