/**
 * The pictures the web app ships for knowledge articles' covers (`apps/web/public/knowledge/`),
 * which a manager may choose instead of uploading one (issue 28 item 6).
 */
export const KNOWLEDGE_PICTURES = [
  'precious-metals',
  'gemstones',
  'jade',
  'pearls',
  'watches',
  'bags',
  'practice',
  'photo-angles',
  'camera',
] as const;
export type KnowledgePicture = (typeof KNOWLEDGE_PICTURES)[number];

/** Where the web app serves one: a cover's value. */
export const knowledgePicturePath = (picture: KnowledgePicture) => `/knowledge/${picture}.svg`;
