import type { I18nText } from '@jewel/contract/values/i18n';
import { STANDARD_WORKFLOW, type WorkflowStep, workflowSteps } from '@jewel/contract/values/workflows';
import { t } from './text.ts';

export interface WorkflowSeed {
  code: string;
  name: I18nText;
  steps: WorkflowStep[];
}

/** PRODUCT.md "Workflows": `standard` is the default, chosen at distribution. */
export const WORKFLOWS: readonly WorkflowSeed[] = [
  {
    code: STANDARD_WORKFLOW,
    name: t(
      '标准鉴定（初鉴、复核、综合评定）',
      '標準鑑定（初鑑、複核、綜合評定）',
      'Standard (first appraisal, reconsideration, comprehensive)',
      '標準鑑定（一次鑑定・再鑑定・総合判定）',
    ),
    steps: workflowSteps(true),
  },
  {
    code: 'quick',
    name: t('快速鉴定（仅初鉴）', '快速鑑定（僅初鑑）', 'Quick (first appraisal only)', '簡易鑑定（一次鑑定のみ）'),
    steps: workflowSteps(false),
  },
];
