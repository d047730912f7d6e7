// at: apps/server/src/db/schema/watch-notices.ts
// The database layer importing the domain.
import { refreshNoticeSkeletons } from '../../domain/watch-match.ts';

export const refresh = refreshNoticeSkeletons;
