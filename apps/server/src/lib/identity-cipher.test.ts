import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hintOf, open, seal } from './identity-cipher.ts';

describe('identity document numbers at rest', () => {
  const key = randomBytes(32);

  it('open what seal made, and nothing of the number shows in the sealed text', () => {
    const sealed = seal('AB1234567', key);
    expect(open(sealed, key)).toBe('AB1234567');
    expect(sealed).not.toContain('1234567');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    // A fresh IV each time: the same number never seals to the same text.
    expect(seal('AB1234567', key)).not.toBe(sealed);
  });

  it('refuse another key and a changed byte', () => {
    const sealed = seal('110101199003071234', key);
    // GCM's authentication fails: Node says so in one message for a wrong key and a changed byte.
    const unauthentic = 'Unsupported state or unable to authenticate data';
    expect(() => open(sealed, randomBytes(32))).toThrow(unauthentic);
    const [version, iv, tag, body] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => open([version, iv, tag, flipped.toString('base64url')].join(':'), key)).toThrow(unauthentic);
    expect(() => open('plain text', key)).toThrow('not a sealed value');
  });

  it('keep the last four characters for the masked display', () => {
    expect(hintOf('AB 1234 5678')).toBe('5678');
    expect(hintOf('12')).toBe('12');
  });
});
