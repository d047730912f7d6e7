import type { TemporaryLink, TemporaryLinkState } from '@jewel/contract/temporary';
import { GUEST_LINK_MARKER } from '@jewel/contract/values/roles';
import type * as repo from './temporary-link.repository.ts';

function stateOf(link: repo.TemporaryLinkRow, now: Date): TemporaryLinkState {
  if (link.revokedAt) return 'revoked';
  return link.expiresAt <= now ? 'expired' : 'active';
}

export function presentLink(link: repo.TemporaryLinkRow, guests: repo.GuestRow[], now = new Date()): TemporaryLink {
  return {
    uuid: link.id,
    role: link.roleCode,
    path: `/t_${GUEST_LINK_MARKER[link.roleCode]}${link.id}`,
    state: stateOf(link, now),
    uses: link.uses,
    guests: guests
      .filter((guest) => guest.linkId === link.id)
      .map((guest) => ({ id: guest.id, name: guest.name, created_at: guest.createdAt.toISOString() })),
    created_at: link.createdAt.toISOString(),
    expires_at: link.expiresAt.toISOString(),
    revoked_at: link.revokedAt?.toISOString() ?? null,
  };
}
