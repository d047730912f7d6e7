import { describe, expect, it } from 'vitest';
import { guestSchema, loginSchema, sessionTokensSchema } from './auth.ts';
import { customerSchema } from './commodity.ts';
import { inquiryInputSchema } from './inquiry.ts';
import { changePasswordSchema } from './user.ts';
import { CUSTOMER_FIELDS, maskName, PERSONAL_FIELDS, seesCustomerWhole } from './values/personal-data.ts';

describe('personal fields', () => {
  it('name every field of a customer, every credential and token, and what names a guest', () => {
    const listed = new Set<string>(PERSONAL_FIELDS);
    const required = [
      // A field added to the customer is personal: listing it is part of adding it.
      ...Object.keys(customerSchema.shape),
      ...Object.keys(loginSchema.shape),
      ...Object.keys(changePasswordSchema.shape),
      ...Object.keys(guestSchema.shape),
      'customer_name',
      'contact',
      'token',
      'refresh_token',
    ];
    expect(Object.keys(inquiryInputSchema.shape)).toContain('contact');
    expect(Object.keys(sessionTokensSchema.shape)).toEqual(expect.arrayContaining(['token', 'refresh_token']));
    expect(required.filter((field) => !listed.has(field))).toEqual([]);
  });
});

describe('a customer as a valuer sees them', () => {
  it('keeps the first character of a name only, whatever its script or length', () => {
    expect(maskName('王小明')).toBe('王**');
    expect(maskName('Jane Doe')).toBe('J**');
    expect(maskName(' 山田 花子')).toBe('山**');
    expect(maskName('𠮷田')).toBe('𠮷**');
    expect(maskName('')).toBe('');
  });

  it('shows recorders the customer whole, valuers not', () => {
    expect(seesCustomerWhole('recorder')).toBe(true);
    expect(seesCustomerWhole('valuers')).toBe(false);
  });

  it('names every field of the customer the detail carries', () => {
    expect([...CUSTOMER_FIELDS].sort()).toEqual(Object.keys(customerSchema.shape).sort());
  });
});
