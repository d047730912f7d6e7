import type { UserInfo } from '@jewel/contract/user';

/** A signed-in manager for component tests: the owner, id 1, of a shop in Tokyo. */
export const MANAGER: UserInfo = {
  id: 1,
  name: 'Sato Hanako',
  mobile: '09011112222',
  avatar: '',
  gender: 0,
  is_enabled: 1,
  role: { code: 'recorder', name: 'Recorder' },
  role_code: 'recorder',
  roles: ['recorder'],
  read_only: 0,
  country: 'JP',
  knowledge_show: 1,
  is_tmp: 0,
  is_manager: 1,
  tmp_expires_at: null,
  time_zone: 'Asia/Tokyo',
  branch: { id: 1, name: 'Ginza' },
  branches: [{ id: 1, name: 'Ginza' }],
};
