import type { SignInBinding } from '@jewel/contract/sign-in';
import type { Lang } from '@jewel/contract/values/i18n';
import { listBindings as bindingRows, deleteBinding, presentBinding } from '../../domain/sign-in-methods.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthDeps } from './auth.service.ts';

export async function listBindings(deps: AuthDeps, lang: Lang, userId: number): Promise<SignInBinding[]> {
  return (await bindingRows(deps.db, userId)).map((row) => presentBinding(deps, lang, row));
}

/** The member's own unbinding (a manager's is on the staff page); an unbound provider is not found. */
export async function unbind(deps: AuthDeps, userId: number, provider: string, changedBy: number) {
  if (!(await deleteBinding(deps.db, userId, provider, changedBy))) throw new AppError('notFound');
}
