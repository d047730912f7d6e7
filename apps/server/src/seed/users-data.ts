import type { RoleCode } from '@jewel/contract/values/roles';

export interface UserSeed {
  mobile: string;
  name: string;
  roleCode: RoleCode;
  country: 'CN' | 'JP';
  knowledgeShow: boolean;
}

/** One recorder and three valuers, so that a first appraisal, a reconsideration and a comprehensive assessment can each have their own. */
export const USERS: readonly UserSeed[] = [
  { mobile: '13800000001', name: '陈晓', roleCode: 'recorder', country: 'CN', knowledgeShow: true },
  { mobile: '13800000002', name: '王建国', roleCode: 'valuers', country: 'CN', knowledgeShow: true },
  { mobile: '13800000003', name: '佐藤 健', roleCode: 'valuers', country: 'JP', knowledgeShow: true },
  { mobile: '13800000004', name: '李明', roleCode: 'valuers', country: 'CN', knowledgeShow: true },
];
