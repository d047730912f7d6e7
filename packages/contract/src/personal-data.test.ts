import { describe, expect, it } from 'vitest';
import { guestSchema, loginSchema, sessionTokensSchema } from './auth.ts';
import { customerSchema } from './commodity.ts';
import { inquiryInputSchema } from './inquiry.ts';
import { changePasswordSchema } from './user.ts';
import { PERSONAL_FIELDS } from './values/personal-data.ts';

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
