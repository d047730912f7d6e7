import { PASSWORD_MIN_LENGTH } from '@jewel/contract/limits';
import type { ChangePassword, Statistics } from '@jewel/contract/user';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { revokeUserSessions } from '../auth/auth.repository.ts';
import * as repo from './user.repository.ts';

/** SPEC.md §5's rules, checked in its order, each with its own message. */
function checkNewPassword({ password, password_confirmation }: ChangePassword) {
  if (password.length === 0) throw new AppError('passwordEmpty', { data: { field: 'password' } });
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('passwordTooShort', { data: { field: 'password' } });
  if (password !== password_confirmation) {
    throw new AppError('passwordMismatch', { data: { field: 'password_confirmation' } });
  }
}

/** On success every session of the user ends, this one included. */
export async function changePassword(app: FastifyInstance, userId: number, input: ChangePassword) {
  checkNewPassword(input);
  const user = await repo.findUser(app.db, userId);
  if (!user?.passwordHash) throw new AppError('unauthorized');
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw new AppError('oldPasswordWrong', { data: { field: 'old_password' } });
  }
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, userId, passwordHash);
    await revokeUserSessions(tx, userId, 'password');
  });
}

/** Every count is of commodities, which the life-cycle calls create: until then, all are zero. */
export async function statistics(): Promise<Statistics> {
  return {
    registered_total: 0,
    registered_today: 0,
    to_be_modified: 0,
    in_appraisal: 0,
    in_reconsideration: 0,
    identified: 0,
    appraisals_total: 0,
    appraisals_today: 0,
    reconsiderations_total: 0,
    reconsiderations_today: 0,
    average_appraisal_seconds: null,
    to_be_appraised_today: 0,
  };
}
