/**
 * The customer form's values and their checks, mirroring the contract's `customerInputSchema`
 * (packages/contract/src/customer.ts) without loading zod in the browser: the same limits, the
 * same phone pattern, the same refused characters and calendar days (values/text.ts). customer-model.test.ts proves that what
 * these checks let through, the schema accepts.
 */
import type { CustomerInput } from '@jewel/contract/customer';
import { OCCUPATION_MAX } from '@jewel/contract/values/customer';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { CUSTOMER_PHONE_PATTERN, PHONE_MAX_LENGTH } from '@jewel/contract/values/patterns';
import { isCalendarDate, isCleanText } from '@jewel/contract/values/text';

export interface CustomerValues {
  name: string;
  phone: string;
  address: string;
  occupation: string;
  birth_date: string;
}
export type CustomerField = keyof CustomerValues;

/** The form's fields in their order on screen: the first one in error is brought into view. */
export const CUSTOMER_FIELDS: readonly CustomerField[] = ['name', 'phone', 'address', 'occupation', 'birth_date'];

/** The longest text each field takes (`YYYY-MM-DD` for the birth date). */
export const CUSTOMER_LIMITS: Record<CustomerField, number> = {
  name: TEXT_MAX.personName,
  phone: PHONE_MAX_LENGTH,
  address: TEXT_MAX.address,
  occupation: OCCUPATION_MAX,
  birth_date: 10,
};

export function emptyCustomer(initial?: Partial<CustomerValues>): CustomerValues {
  return { name: '', phone: '', address: '', occupation: '', birth_date: '', ...initial };
}

/** The request as the API takes it: texts trimmed, no birth date as null. */
export function toCustomerInput(values: CustomerValues): CustomerInput {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
    occupation: values.occupation.trim(),
    birth_date: values.birth_date || null,
  };
}

/** Why a field is wrong: its own rule (the field's text says it), or characters the API refuses. */
export type CustomerProblem = 'invalid' | 'characters';

/** What the contract would refuse, field by field in the order of the form. */
export function checkCustomer(values: CustomerValues): Partial<Record<CustomerField, CustomerProblem>> {
  const body = toCustomerInput(values);
  const problems: Partial<Record<CustomerField, CustomerProblem>> = {};
  const text = (field: 'name' | 'address' | 'occupation', valid: boolean) => {
    const value = body[field] ?? '';
    if (!isCleanText(value)) problems[field] = 'characters';
    else if (!valid) problems[field] = 'invalid';
  };
  text('name', body.name !== '' && body.name.length <= CUSTOMER_LIMITS.name);
  if (!CUSTOMER_PHONE_PATTERN.test(body.phone)) problems.phone = 'invalid';
  text('address', (body.address ?? '').length <= CUSTOMER_LIMITS.address);
  text('occupation', (body.occupation ?? '').length <= CUSTOMER_LIMITS.occupation);
  if (body.birth_date && !isCalendarDate(body.birth_date)) problems.birth_date = 'invalid';
  return problems;
}
