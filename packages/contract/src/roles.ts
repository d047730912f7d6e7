import { z } from 'zod';
import { ROLE_CODES } from './values/roles.ts';

export { GUEST_LINK_MARKER, ROLE_CODES, type RoleCode } from './values/roles.ts';

export const roleCodeSchema = z.enum(ROLE_CODES);
