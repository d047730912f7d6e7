import { describe, expect, it } from 'vitest';
import { newVerificationId, VERIFICATION_ID } from './qr.ts';

describe('verification ids', () => {
  it('never start with "-", and otherwise start with any of base64url’s 63 other characters', () => {
    // One id in 64 would start with "-" if drawn once: among 10,000 the chance of none is e^-156.
    const ids = Array.from({ length: 10_000 }, () => newVerificationId());
    expect(ids.filter((id) => id.startsWith('-'))).toEqual([]);
    expect(ids.filter((id) => !VERIFICATION_ID.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id[0])).size).toBe(63);
  });
});
