import type { GuideShot, PhotoGuide } from '@jewel/contract/catalog-admin';
import { LANGS } from '@jewel/contract/values/i18n';
import { MAX_SHOTS_PER_CATEGORY, PHOTO_SHOT_CODE } from '@jewel/contract/values/photo-guide';
import { trimmedNames } from './entry-model.ts';

/** A shot as its form holds it: `key` keeps its fields with it when shots move. */
export interface ShotValues extends GuideShot {
  key: number;
}
export interface GuideValues {
  shots: ShotValues[];
}

let lastKey = 0;
const withKey = (shot: GuideShot): ShotValues => ({ ...shot, key: ++lastKey });

export const guideValues = (guide: PhotoGuide): GuideValues => ({ shots: guide.shots.map(withKey) });

export const emptyShot = (): ShotValues =>
  withKey({ code: '', name: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '' }, outline: 'generic', covers: null });

export type GuideProblem = 'code' | 'codeTwice' | 'name' | 'tooMany';

/**
 * What is wrong, field by field, in the form's order: `shots.<n>.code` for a code that is no
 * code or another shot's, `shots.<n>.name.<lang>` for a missing name, `shots` for too many shots.
 */
export function guideProblems(values: GuideValues): Record<string, GuideProblem> {
  const problems: Record<string, GuideProblem> = {};
  if (values.shots.length > MAX_SHOTS_PER_CATEGORY) problems.shots = 'tooMany';
  const seen = new Set<string>();
  values.shots.forEach((shot, index) => {
    const code = shot.code.trim();
    if (!PHOTO_SHOT_CODE.test(code)) problems[`shots.${index}.code`] = 'code';
    else if (seen.has(code)) problems[`shots.${index}.code`] = 'codeTwice';
    seen.add(code);
    for (const lang of LANGS) if (!shot.name[lang].trim()) problems[`shots.${index}.name.${lang}`] = 'name';
  });
  return problems;
}

/** The call's body: trimmed, in the order on screen. */
export const toPhotoGuide = (values: GuideValues): PhotoGuide => ({
  shots: values.shots.map(({ key: _key, ...shot }) => ({
    ...shot,
    code: shot.code.trim(),
    name: trimmedNames(shot.name),
  })),
});

/** `list` with its entry at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}
