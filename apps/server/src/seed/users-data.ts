import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import type { RoleCode } from '@jewel/contract/values/roles';

export interface UserSeed {
  mobile: string;
  name: string;
  /** The counter roles held (ADR 0104). */
  roles: RoleCode[];
  country: 'CN' | 'JP';
  knowledgeShow: boolean;
  manager?: boolean;
}

/**
 * One recorder, three valuers (so that a first appraisal, a reconsideration and a comprehensive
 * assessment can each have their own) and a manager.
 */
export const USERS: readonly UserSeed[] = [
  { mobile: DEMO_MOBILES.recorder, name: '陈晓', roles: ['recorder'], country: 'CN', knowledgeShow: true },
  { mobile: DEMO_MOBILES.valuers[0], name: '王建国', roles: ['valuers'], country: 'CN', knowledgeShow: true },
  { mobile: DEMO_MOBILES.valuers[1], name: '佐藤 健', roles: ['valuers'], country: 'JP', knowledgeShow: true },
  { mobile: DEMO_MOBILES.valuers[2], name: '李明', roles: ['valuers'], country: 'CN', knowledgeShow: true },
  // The shop's manager (issue 28): the back office, at the counter as a recorder.
  {
    mobile: DEMO_MOBILES.manager,
    name: '周店长',
    roles: ['recorder'],
    country: 'CN',
    knowledgeShow: true,
    manager: true,
  },
];
