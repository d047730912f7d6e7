import { describe, expect, it } from 'vitest';
import { tagSheetBodySchema } from './tag.ts';
import { TAG_SHEET_MAX, verificationIdOf } from './values/tag.ts';

const ID = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('what the scan takes for a verification address', () => {
  it('reads the id and the origin of an http(s) /verify/<id> address', () => {
    expect(verificationIdOf(`https://shop.example.com/verify/${ID}`)).toEqual({
      id: ID,
      url: `https://shop.example.com/verify/${ID}`,
      origin: 'https://shop.example.com',
    });
    expect(verificationIdOf(` http://127.0.0.1:4173/verify/${ID}/ `)?.id).toBe(ID);
    // A query or a fragment does not change which page it is.
    expect(verificationIdOf(`https://shop.example.com/verify/${ID}?from=label#top`)?.id).toBe(ID);
  });

  it('takes nothing else for one', () => {
    for (const text of [
      ID,
      `/verify/${ID}`,
      `javascript:alert(1)//verify/${ID}`,
      `ftp://shop.example.com/verify/${ID}`,
      `https://shop.example.com/verify/${ID.slice(1)}`,
      `https://shop.example.com/verify/${ID}x`,
      `https://shop.example.com/shop/verify/${ID}`,
      'C20261126-0001',
      '',
    ]) {
      expect(verificationIdOf(text), text).toBeNull();
    }
  });
});

describe('the tag sheet request', () => {
  it('takes 1 to 60 different ids', () => {
    expect(tagSheetBodySchema.safeParse({ ids: [1, 2, 3] }).success).toBe(true);
    const most = Array.from({ length: TAG_SHEET_MAX }, (_, index) => index + 1);
    expect(tagSheetBodySchema.safeParse({ ids: most }).success).toBe(true);
    expect(tagSheetBodySchema.safeParse({ ids: [...most, TAG_SHEET_MAX + 1] }).success).toBe(false);
    expect(tagSheetBodySchema.safeParse({ ids: [] }).success).toBe(false);
    expect(tagSheetBodySchema.safeParse({ ids: [4, 4] }).success).toBe(false);
    expect(tagSheetBodySchema.safeParse({ ids: [0] }).success).toBe(false);
  });
});
