import { describe, expect, it } from 'vitest';
import { certificatePhotos, toggled } from './certificate-photos.ts';

// Issue 29 item 2: the photos chosen by the valuer; by default the ones that passed the blur check.
describe('the photos a certificate prints', () => {
  const item = { product_pics: ['/a', '/b', '/c', '/d', '/e', '/f'], photo_flags: { '/b': 'blurred' as const } };

  it('by default: the item’s in order, never one kept though blurred or dark, four at most', () => {
    expect(certificatePhotos({ ...item, certificate_pics: null })).toEqual(['/a', '/c', '/d', '/e']);
  });

  it('as a valuer chose them, in that order, a flagged one too; a photo no longer the item’s left out', () => {
    expect(certificatePhotos({ ...item, certificate_pics: ['/e', '/b', '/gone'] })).toEqual(['/e', '/b']);
  });

  it('a tap adds at the end or takes out; never a fifth', () => {
    expect(toggled(['/a'], '/c')).toEqual(['/a', '/c']);
    expect(toggled(['/a', '/c'], '/a')).toEqual(['/c']);
    expect(toggled(['/a', '/b', '/c', '/d'], '/e')).toEqual(['/a', '/b', '/c', '/d']);
  });
});
