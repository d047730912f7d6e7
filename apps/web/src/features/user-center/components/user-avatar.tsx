import { useState } from 'react';
import { API_BASE } from '../../../config/env.ts';
import '../user-center.css';

export const DEFAULT_AVATAR = '/default-avatar.svg';

/** A stored path (`/api/files/…`) served by the API; empty means the default image (SPEC.md §3). */
function avatarSrc(avatar: string | undefined): string {
  if (!avatar) return DEFAULT_AVATAR;
  return /^https?:\/\//.test(avatar) ? avatar : `${API_BASE}${avatar}`;
}

/** The user's round avatar, falling back to the default image when there is none or it fails to load. */
export function UserAvatar({ avatar, size, alt }: { avatar: string | undefined; size: number; alt: string }) {
  const src = avatarSrc(avatar);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      className="user-center-avatar"
      src={failed === src ? DEFAULT_AVATAR : src}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(src)}
    />
  );
}
