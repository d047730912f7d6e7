/**
 * The commodity status machine (PRODUCT.md "The commodity life cycle"), once for the server,
 * which guards every action with `refusalOf`, and the web app, which shows the server's
 * `allowed_actions` and colours each status by its stage. No zod here: the web app imports it.
 */

import type { ErrorName } from './error-codes.ts';
import type { RoleCode } from './roles.ts';

export const COMMODITY_STATUS = {
  pendingDistribution: 10,
  pendingAppraisal: 20,
  inAppraisal: 30,
  toBeModified: 35,
  pendingReconsideration: 40,
  inReconsideration: 50,
  pendingComprehensive: 60,
  identified: 70,
  recycled: 80,
  returned: 90,
} as const;

export type CommodityStatusName = keyof typeof COMMODITY_STATUS;
export type CommodityStatus = (typeof COMMODITY_STATUS)[CommodityStatusName];
export const COMMODITY_STATUS_VALUES = Object.values(COMMODITY_STATUS) as CommodityStatus[];

const S = COMMODITY_STATUS;

/** UI.md "Status tags": one colour per stage, the same tag everywhere. */
export type CommodityStage =
  | 'waiting'
  | 'inProgress'
  | 'needsRecorder'
  | 'disagreement'
  | 'done'
  | 'bought'
  | 'returned';
export const COMMODITY_STAGE: Record<CommodityStatus, CommodityStage> = {
  [S.pendingDistribution]: 'waiting',
  [S.pendingAppraisal]: 'waiting',
  [S.inAppraisal]: 'inProgress',
  [S.toBeModified]: 'needsRecorder',
  [S.pendingReconsideration]: 'waiting',
  [S.inReconsideration]: 'inProgress',
  [S.pendingComprehensive]: 'disagreement',
  [S.identified]: 'done',
  [S.recycled]: 'bought',
  [S.returned]: 'returned',
};

/** The tabs of the commodity list: each a set of statuses (`all` is every one). */
export const COMMODITY_LIST_TABS = {
  all: [] as CommodityStatus[],
  distribution: [S.pendingDistribution],
  appraisal: [S.pendingAppraisal, S.inAppraisal],
  toBeModified: [S.toBeModified],
  reconsideration: [S.pendingReconsideration, S.inReconsideration],
  comprehensive: [S.pendingComprehensive],
  identified: [S.identified],
  closed: [S.recycled, S.returned],
} as const;
export type CommodityListTab = keyof typeof COMMODITY_LIST_TABS;

/** Every named action (SPEC.md §4 plus the steps PRODUCT.md adds). */
export const COMMODITY_ACTIONS = [
  'distribute',
  'update',
  'startAppraisal',
  'returnForModification',
  'submitAppraisal',
  'startReconsideration',
  'submitReconsideration',
  'comprehensive',
  'reassess',
  'recycle',
  'confirmName',
] as const;
export type CommodityAction = (typeof COMMODITY_ACTIONS)[number];

/** Who may take an action, relative to the commodity's current round. */
type Actor =
  /** any recorder who can see the commodity */
  | 'recorder'
  /** the valuer it is assigned to (first appraisal) */
  | 'assignedValuer'
  /** a valuer other than the first appraiser of the round */
  | 'otherValuer'
  /** the valuer who started the reconsideration */
  | 'reconsideringValuer'
  /** a valuer who did neither the first appraisal nor the reconsideration of the round */
  | 'uninvolvedValuer'
  /**
   * the comprehensive assessor of the round: at 60 whoever may take it (an uninvolved valuer),
   * at 70 the valuer who took it (none when 70 was reached without one)
   */
  | 'comprehensiveAssessor'
  /** anyone who can see the commodity */
  | 'anyone';

interface Rule {
  from: readonly CommodityStatus[];
  actors: readonly Actor[];
}

export const COMMODITY_RULES: Record<CommodityAction, Rule> = {
  distribute: { from: [S.pendingDistribution, S.pendingAppraisal], actors: ['recorder'] },
  update: { from: [S.pendingDistribution, S.pendingAppraisal, S.toBeModified], actors: ['recorder'] },
  startAppraisal: { from: [S.pendingAppraisal], actors: ['assignedValuer'] },
  returnForModification: { from: [S.inAppraisal], actors: ['assignedValuer'] },
  submitAppraisal: { from: [S.inAppraisal], actors: ['assignedValuer'] },
  startReconsideration: { from: [S.pendingReconsideration], actors: ['otherValuer'] },
  submitReconsideration: { from: [S.inReconsideration], actors: ['reconsideringValuer'] },
  comprehensive: { from: [S.pendingComprehensive], actors: ['uninvolvedValuer'] },
  reassess: { from: [S.pendingComprehensive, S.identified], actors: ['recorder', 'comprehensiveAssessor'] },
  recycle: { from: [S.identified], actors: ['recorder'] },
  confirmName: {
    from: [
      S.pendingDistribution,
      S.pendingAppraisal,
      S.inAppraisal,
      S.toBeModified,
      S.pendingReconsideration,
      S.inReconsideration,
      S.pendingComprehensive,
      S.identified,
    ],
    actors: ['anyone'],
  },
};

/** Where each action leads; `submitAppraisal`, `submitReconsideration` and `recycle` depend on their input. */
export const COMMODITY_TARGETS: Record<CommodityAction, readonly CommodityStatus[]> = {
  distribute: [S.pendingAppraisal],
  update: [S.pendingDistribution, S.pendingAppraisal],
  startAppraisal: [S.inAppraisal],
  returnForModification: [S.toBeModified],
  submitAppraisal: [S.pendingReconsideration, S.identified],
  startReconsideration: [S.inReconsideration],
  submitReconsideration: [S.identified, S.pendingComprehensive],
  comprehensive: [S.identified],
  reassess: [S.pendingAppraisal],
  recycle: [S.recycled, S.returned],
  confirmName: [],
};

/** What the machine needs to know about the commodity and the person acting. */
export interface ActionContext {
  status: CommodityStatus;
  /** The valuer the commodity is assigned to for its first appraisal. */
  valuerId: number | null;
  /** Who did the first appraisal and who took the reconsideration in the current round. */
  firstValuerId: number | null;
  reconsiderValuerId: number | null;
  /** Who made the current round's comprehensive assessment, if anyone did. */
  comprehensiveValuerId: number | null;
  user: { id: number; role: RoleCode };
}

const tookPart = (ctx: ActionContext) => ctx.firstValuerId === ctx.user.id || ctx.reconsiderValuerId === ctx.user.id;

function actorMatches(actor: Actor, ctx: ActionContext): boolean {
  const { user } = ctx;
  const valuer = user.role === 'valuers';
  switch (actor) {
    case 'anyone':
      return true;
    case 'recorder':
      return user.role === 'recorder';
    case 'assignedValuer':
      return valuer && ctx.valuerId === user.id;
    case 'otherValuer':
      return valuer && ctx.firstValuerId !== user.id;
    case 'reconsideringValuer':
      return valuer && ctx.reconsiderValuerId === user.id;
    case 'uninvolvedValuer':
      return valuer && !tookPart(ctx);
    case 'comprehensiveAssessor':
      return ctx.status === S.pendingComprehensive
        ? valuer && !tookPart(ctx)
        : valuer && ctx.comprehensiveValuerId === user.id;
  }
}

/** Why a role-matching user still may not act: they are the wrong person, not the wrong role. */
function personRefusal(actors: readonly Actor[], ctx: ActionContext): CommodityRefusal {
  if (actors.includes('assignedValuer')) return 'commodityNotAssigned';
  if (actors.includes('reconsideringValuer')) return 'commodityTaken';
  if (actors.includes('comprehensiveAssessor') && ctx.status === S.identified) {
    // Settled without a comprehensive assessment: no valuer may reopen it, only the recorder.
    if (ctx.comprehensiveValuerId === null) return 'commodityRoleNotAllowed';
    if (!tookPart(ctx)) return 'commodityNotAssigned';
  }
  return 'commodityOwnAppraisal';
}

export type CommodityRefusal = Extract<
  ErrorName,
  | 'commodityStatusInvalid'
  | 'commodityRoleNotAllowed'
  | 'commodityNotAssigned'
  | 'commodityOwnAppraisal'
  | 'commodityTaken'
>;

/** Null when the action is allowed, else the refusal (an error name of the contract). */
export function refusalOf(action: CommodityAction, ctx: ActionContext): CommodityRefusal | null {
  const rule = COMMODITY_RULES[action];
  if (!rule.from.includes(ctx.status)) return 'commodityStatusInvalid';
  if (rule.actors.some((actor) => actorMatches(actor, ctx))) return null;
  const roleFits = rule.actors.some(
    (actor) =>
      actor === 'anyone' || (actor === 'recorder' ? ctx.user.role === 'recorder' : ctx.user.role === 'valuers'),
  );
  return roleFits ? personRefusal(rule.actors, ctx) : 'commodityRoleNotAllowed';
}

export function allowedActions(ctx: ActionContext): CommodityAction[] {
  return COMMODITY_ACTIONS.filter((action) => refusalOf(action, ctx) === null);
}
