// at: apps/server/src/db/schema/commodities.ts
// The database layer importing a utility of lib/.
import { escapeLike } from '../../lib/like.ts';

export const like = escapeLike;
