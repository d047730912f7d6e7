import type { ChangePassword } from '@jewel/contract/user';
import { PASSWORD_MIN_LENGTH } from '@jewel/contract/values/limits';
import type { RoleCode } from '@jewel/contract/values/roles';
import { confirmOwnPassword } from '../../domain/password-check.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { revokeUserSessions } from '../../domain/sessions.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import * as repo from './user.repository.ts';

/** SPEC.md §5's rules, checked in its order, each with its own message. */
function checkNewPassword({ password, password_confirmation }: ChangePassword) {
  if (password.length === 0) throw new AppError('passwordEmpty', { data: { field: 'password' } });
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('passwordTooShort', { data: { field: 'password' } });
  if (password !== password_confirmation) {
    throw new AppError('passwordMismatch', { data: { field: 'password_confirmation' } });
  }
}

/**
 * On success every session of the user ends, this one included. Wrong old passwords are limited
 * per user, counted before checking (so a stolen access token cannot guess at Argon2's speed);
 * past the limit the call answers 429 and the session goes on (docs/decisions.md).
 */
export async function changePassword({ db, config, signalHere }: ServiceDeps, userId: number, input: ChangePassword) {
  checkNewPassword(input);
  await confirmOwnPassword({ db, config }, userId, input.old_password, 'old_password');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, userId, passwordHash);
    await revokeUserSessions(tx, userId, 'password');
  });
  signalHere('sessions');
}

/**
 * This session acts as `role` from now on (ADR 0104): a counter role the person holds, or
 * recorder for a manager (read-only). The session row's trigger signals every instance, which
 * forgets its cached sessions; this one forgets at once.
 */
export async function actAs({ db, signalHere }: ServiceDeps, userId: number, sessionId: string, role: RoleCode) {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('unauthorized');
  const may = user.roles.includes(role) || (user.manager && role === 'recorder');
  if (!may) throw new AppError('roleNotHeld');
  await repo.setActingRole(db, userId, sessionId, role);
  signalHere('sessions');
}
