import { SHOP_TEXT_MAX, shopSetupSchema } from '@jewel/contract/setup';
import { shopDetailsSchema } from '@jewel/contract/shop';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { LANGS } from '@jewel/contract/values/i18n';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSetup, emptySetup, fieldOfRefusal, SETUP_LIMITS, type SetupValues, toShopSetup } from './setup-model.ts';
import {
  checkShop,
  fromShopDetails,
  SHOP_FIELDS,
  SHOP_LIMITS,
  SHOP_TIME_ZONES,
  type ShopValues,
  shopFieldOfRefusal,
  timeZoneChoices,
  toShopDetails,
} from './shop-model.ts';

/**
 * Text as it reaches a field, typed or pasted: letters, CJK, emoji, tabs and spaces at either
 * end; now and then a character the contract refuses (controls, lone surrogates) among them.
 */
const typed = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(' ', '\t', '\n', '字', 'é', '😀', '\u00a0', '\u3000') },
);
const refused = fc.constantFrom('\u0000', '\u0007', '\u000b', '\u007f', '\ud800', '\udfff');
const textUpTo = (max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: typed, maxLength: max + 5 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.oneof(typed, refused), minLength: 1, maxLength: 10 }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a'.repeat(max), ` ${'字'.repeat(max)} `, 'a'.repeat(max + 1)) },
  );
/** Mostly texts a typed field takes, so that whole forms pass often enough to say something. */
const filled = (max: number) =>
  fc.oneof({ weight: 4, arbitrary: fc.string({ unit: typed, minLength: 1, maxLength: max }) }, textUpTo(max));
const mobile = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^ ?\+?[0-9][0-9-]{5,19} ?$/) },
  { weight: 1, arbitrary: textUpTo(22) },
);
const password = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: typed, minLength: 6, maxLength: 40 }) },
  { weight: 1, arbitrary: textUpTo(SETUP_LIMITS.owner_password) },
);
/** The picker's zones, the browser's own (any the runtime knows), and text that only looks like one. */
const timeZone = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SHOP_TIME_ZONES, 'Europe/Berlin', 'UTC', 'America/Sao_Paulo') },
  { weight: 1, arbitrary: fc.constantFrom('', 'Asia/Nowhere', ' Asia/Tokyo ', 'asia/tokyo', 'X'.repeat(70)) },
  { weight: 1, arbitrary: textUpTo(20) },
);
/** The languages as chosen (in any order), and lists the picker cannot make (empty, repeated). */
const languages = fc.oneof(
  { weight: 4, arbitrary: fc.shuffledSubarray([...LANGS], { minLength: 1 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...LANGS), { maxLength: 6 }) },
);
/** The shop's fields, as both pages take them. */
const shopValues: fc.Arbitrary<ShopValues> = fc.record({
  shop_name: filled(SETUP_LIMITS.shop_name),
  shop_address: filled(SETUP_LIMITS.shop_address),
  shop_phone: filled(SETUP_LIMITS.shop_phone),
  shop_licence_no: filled(SETUP_LIMITS.shop_licence_no),
  shop_currency: fc.constantFrom(...CURRENCIES),
  shop_time_zone: timeZone,
  shop_languages: languages,
});
const values: fc.Arbitrary<SetupValues> = fc
  .record({
    owner_name: filled(SETUP_LIMITS.owner_name),
    owner_mobile: mobile,
    owner_password: password,
  })
  .chain((owner) => shopValues.map((shop) => ({ ...owner, ...shop })));

const ready = emptySetup('en', 'Asia/Tokyo', {
  owner_name: 'Sato Hanako',
  owner_mobile: '090-1234-5678',
  owner_password: 'secret1',
  shop_name: 'Ginza Kaitori',
  shop_address: '1-2-3 Ginza, Chuo-ku, Tokyo',
  shop_phone: '03-1234-5678',
  shop_licence_no: '第301010001234号',
});

describe('the setup form and the contract', () => {
  it('whatever the form lets through, shopSetupSchema accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(values, (entered) => {
        if (Object.keys(checkSetup(entered)).length > 0) return;
        accepted += 1;
        const parsed = shopSetupSchema.safeParse(toShopSetup(entered));
        expect(parsed.error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 400 },
    );
    // The property says nothing if the form refused (nearly) everything.
    expect(accepted).toBeGreaterThan(30);
  });

  it('whatever the shop details page lets through, shopDetailsSchema accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(shopValues, (entered) => {
        if (Object.keys(checkShop(entered)).length > 0) return;
        accepted += 1;
        const parsed = shopDetailsSchema.safeParse(toShopDetails(entered));
        expect(parsed.error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 400 },
    );
    expect(accepted).toBeGreaterThan(30);
  });

  it('opens the details the server keeps without a problem, and sends them back unchanged', () => {
    let kept = 0;
    fc.assert(
      fc.property(shopValues, (entered) => {
        // What the server keeps is what the schema made of a body.
        const parsed = shopDetailsSchema.safeParse(toShopDetails(entered));
        if (!parsed.success) return;
        kept += 1;
        const form = fromShopDetails(parsed.data);
        expect(checkShop(form)).toEqual({});
        expect(toShopDetails(form)).toEqual(parsed.data);
      }),
      { numRuns: 400 },
    );
    expect(kept).toBeGreaterThan(30);
  });

  it('the setup form checks the shop as the shop details page does', () => {
    fc.assert(
      fc.property(values, (entered) => {
        const problems = checkSetup(entered);
        const shop = Object.fromEntries(SHOP_FIELDS.filter((field) => problems[field]).map((f) => [f, problems[f]]));
        expect(shop).toEqual(checkShop(entered));
        expect(toShopSetup(entered).shop).toEqual(toShopDetails(entered));
      }),
      { numRuns: 200 },
    );
  });

  it('takes the limits of the contract', () => {
    expect(SHOP_LIMITS).toEqual(SHOP_TEXT_MAX);
  });

  it('an empty form asks for every text; the pickers start chosen', () => {
    expect(checkSetup(emptySetup('zh-Hans', 'Asia/Shanghai'))).toEqual({
      owner_name: 'required',
      owner_mobile: 'required',
      owner_password: 'required',
      shop_name: 'required',
      shop_address: 'required',
      shop_phone: 'required',
      shop_licence_no: 'required',
    });
    expect(checkSetup(ready)).toEqual({});
  });

  it('refuses what the contract refuses', () => {
    expect(
      checkSetup({
        ...ready,
        owner_mobile: '090 1234 5678',
        owner_password: '12345',
        shop_name: 'a'.repeat(61),
        shop_phone: '03\u00071234',
        shop_time_zone: 'Asia/Nowhere',
        shop_languages: [],
      }),
    ).toEqual({
      owner_mobile: 'invalid',
      owner_password: 'tooShort',
      shop_name: 'tooLong',
      shop_phone: 'characters',
      shop_time_zone: 'invalid',
      shop_languages: 'required',
    });
    // A password is taken as typed: spaces count, and six of them are a password.
    expect(checkSetup({ ...ready, owner_password: '      ' })).toEqual({});
  });

  it('sends texts trimmed and the password as typed', () => {
    const body = toShopSetup({
      ...ready,
      owner_name: ' Sato ',
      owner_password: ' pass word ',
      shop_languages: ['ja', 'en'],
    });
    expect(body.owner).toEqual({ name: 'Sato', mobile: '090-1234-5678', password: ' pass word ' });
    expect(body.shop).toMatchObject({ currency: 'JPY', time_zone: 'Asia/Tokyo', languages: ['ja', 'en'] });
  });

  it("offers the browser's time zone after the short list when it is not on it", () => {
    expect(timeZoneChoices('Asia/Tokyo')).toEqual([...SHOP_TIME_ZONES]);
    expect(timeZoneChoices('Europe/Berlin')).toEqual([...SHOP_TIME_ZONES, 'Europe/Berlin']);
  });

  it("names the form's field of a refusal of the server", () => {
    expect(fieldOfRefusal('owner.mobile')).toBe('owner_mobile');
    expect(fieldOfRefusal('shop.languages.1')).toBe('shop_languages');
    expect(fieldOfRefusal('shop')).toBeUndefined();
    expect(fieldOfRefusal('body')).toBeUndefined();
    // The shop details page's body is the shop itself.
    expect(shopFieldOfRefusal('licence_no')).toBe('shop_licence_no');
    expect(shopFieldOfRefusal('languages.0')).toBe('shop_languages');
    expect(shopFieldOfRefusal('body')).toBeUndefined();
  });
});
