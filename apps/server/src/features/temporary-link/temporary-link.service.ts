import type { Db } from '../../db/client.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentLink } from './temporary-link.presenter.ts';
import * as repo from './temporary-link.repository.ts';

export async function list(db: Db, userId: number, query: { page: number; page_size: number }) {
  const { rows, total } = await repo.listLinks(db, userId, query.page, query.page_size);
  const guests = await repo.guestsOf(
    db,
    rows.map((link) => link.id),
  );
  return {
    items: rows.map((link) => presentLink(link, guests)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** Revoking ends the guests' sessions: this instance forgets them at once. */
export async function revoke({ db, signalHere }: ServiceDeps, userId: number, uuid: string) {
  const link = await repo.revokeLink(db, userId, uuid);
  signalHere('sessions');
  if (!link) throw new AppError('notFound');
  return presentLink(link, await repo.guestsOf(db, [link.id]));
}
