import { z } from 'zod';
import { ROLE_CODES } from './values/roles.ts';

export const roleCodeSchema = z.enum(ROLE_CODES);
