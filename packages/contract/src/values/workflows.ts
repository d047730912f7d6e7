/**
 * The appraisal workflows (PRODUCT.md "Workflows"): the steps a commodity goes through. A workflow
 * either has a second valuer's reconsideration, and then a comprehensive judgement when the two
 * disagree, or the first appraisal is the whole of it.
 */
export const WORKFLOW_STEPS = ['first', 'reconsideration', 'comprehensive'] as const;
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number];

/** The workflow a distribution follows when it names none: never retired, its code and steps fixed. */
export const STANDARD_WORKFLOW = 'standard';

/** A workflow's steps, with or without the reconsideration. */
export const workflowSteps = (reconsideration: boolean): WorkflowStep[] =>
  reconsideration ? [...WORKFLOW_STEPS] : ['first'];
