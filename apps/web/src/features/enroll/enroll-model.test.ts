import { ERRORS } from '@jewel/contract/values/error-codes';
import { describe, expect, it } from 'vitest';
import {
  type CommodityDraft,
  commoditiesWithErrors,
  commodityFinished,
  emptyCommodity,
  emptyCustomer,
  enrollBody,
  fieldErrorFromServer,
  parseMeasure,
  validateCommodity,
  validateEnrollment,
} from './enroll-model.ts';

const photo = (n: number) => `/api/files/${String(n).padStart(32, 'a')}.jpg`;

function complete(): CommodityDraft {
  return {
    ...emptyCommodity('k1'),
    brand_id: 1,
    category_id: 2,
    product_status: 1,
    product_name: ' Ring ',
    length: '12.5',
    width: '',
    weight: '３．２',
    size_pics: [photo(1)],
    product_pics: [photo(2)],
    accessory_pics: ['local:abc'],
  };
}

describe('the register form', () => {
  it('asks for each required photo with its own message', () => {
    const errors = validateCommodity({ ...complete(), size_pics: [], product_pics: [], accessory_pics: [] }, 'c.');
    expect(errors['c.size_pics']).toEqual({ key: 'sizePhotoRequired' });
    expect(errors['c.product_pics']).toEqual({ key: 'productPhotoRequired' });
    expect(errors['c.accessory_pics']).toEqual({ key: 'accessoryPhotoRequired' });
  });

  it('asks for the accessory photo even when the item has no accessories (SPEC.md §5)', () => {
    const errors = validateCommodity({ ...complete(), accessories: ['none'], accessory_pics: [] });
    expect(errors).toEqual({ accessory_pics: { key: 'accessoryPhotoRequired' } });
  });

  it('calls a commodity finished when nothing is missing or wrong, and finds the ones with errors', () => {
    expect(commodityFinished(complete())).toBe(true);
    expect(commodityFinished({ ...complete(), product_name: ' ' })).toBe(false);
    expect(commodityFinished({ ...complete(), weight: 'a' })).toBe(false);
    const items = [complete(), { ...complete(), key: 'k2' }, { ...complete(), key: 'k3' }];
    expect(commoditiesWithErrors(items, { customer_name: { key: 'required' } })).toEqual([]);
    expect(
      commoditiesWithErrors(items, { 'commodities.2.size_pics': { key: 'x' }, 'commodities.0.brand_id': { key: 'y' } }),
    ).toEqual(['k1', 'k3']);
  });

  it('checks the customer, the choices and the numbers', () => {
    const errors = validateEnrollment({ ...emptyCustomer(), customer_phone: 'abc' }, [
      { ...complete(), brand_id: null, length: '1,2,3' },
    ]);
    expect(Object.keys(errors).sort()).toEqual([
      'commodities.0.brand_id',
      'commodities.0.length',
      'customer_name',
      'customer_phone',
    ]);
    expect(
      validateEnrollment({ customer_name: 'A', customer_phone: '13800000000', customer_address: '' }, [complete()]),
    ).toEqual({});
  });

  it('refuses a sixth commodity', () => {
    const six = Array.from({ length: 6 }, complete);
    expect(
      validateEnrollment({ customer_name: 'A', customer_phone: '13800000000', customer_address: '' }, six).commodities,
    ).toEqual({
      key: 'max5',
      values: { max: 5 },
    });
  });

  it('reads numbers as typed', () => {
    expect(parseMeasure('')).toBeNull();
    expect(parseMeasure(' 12.5 ')).toBe(12.5);
    expect(parseMeasure('12,5')).toBe(12.5);
    expect(parseMeasure('３．２')).toBe(3.2);
    expect(parseMeasure('1e3')).toBeNaN();
  });

  it('builds the body with stored photo paths and the draft key', () => {
    const body = enrollBody(
      {
        idempotencyKey: 'key',
        customer: { customer_name: ' A ', customer_phone: '138', customer_address: '' },
        commodities: [complete()],
      },
      (entries) => entries.map((entry) => (entry === 'local:abc' ? photo(3) : entry)),
    );
    expect(body.idempotency_key).toBe('key');
    expect(body.customer_name).toBe('A');
    expect(body.commodities[0]).toMatchObject({
      product_name: 'Ring',
      length: 12.5,
      width: null,
      weight: 3.2,
      accessory_pics: [photo(3)],
      size_unit: 'mm',
    });
    expect(body.commodities[0]).not.toHaveProperty('key');
  });

  it('puts a refusal of the server back on its field', () => {
    expect(
      fieldErrorFromServer(ERRORS.sizePhotoRequired.code, { field: 'commodities.1.size_pics' }, 'Please upload'),
    ).toEqual({ path: 'commodities.1.size_pics', error: { key: 'sizePhotoRequired', values: { max: 5 } } });
    expect(fieldErrorFromServer(ERRORS.validation.code, { field: 'weight_pics.3' }, 'bad')).toEqual({
      path: 'weight_pics',
      error: { text: 'bad' },
    });
    expect(fieldErrorFromServer(ERRORS.validation.code, null, 'bad')).toBeNull();
  });
});
