import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childPath, depthOf, isWithin, pathIds, rootPath } from './orgPath.js';

describe('organization paths', () => {
  it('compares segment-wise: organization 2 never matches 23 or 12', () => {
    expect(isWithin('/1/23/', '/1/2/')).toBe(false);
    expect(isWithin('/12/', '/1/')).toBe(false);
    expect(isWithin('/1/2/7/', '/1/2/')).toBe(true);
    expect(isWithin('/1/2/', '/1/2/')).toBe(true);
    expect(isWithin('/1/', '/1/2/')).toBe(false);
  });

  it('refuses malformed paths', () => {
    expect(isWithin('/1/2', '/1/')).toBe(false);
    expect(isWithin('1/2/', '/1/')).toBe(false);
    expect(isWithin('/1/2/', '/1')).toBe(false);
    expect(isWithin('/', '/')).toBe(false);
  });

  it('builds, splits and measures paths', () => {
    expect(childPath(rootPath(1), 5)).toBe('/1/5/');
    expect(pathIds('/1/5/12/')).toEqual([1, 5, 12]);
    expect(depthOf('/1/5/12/')).toBe(3);
  });

  it('agrees with comparing id lists, for any ids', () => {
    const ids = fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(ids, ids, (a, b) => {
        const path = `/${a.join('/')}/`;
        const ancestor = `/${b.join('/')}/`;
        const expected = b.length <= a.length && b.every((id, i) => a[i] === id);
        expect(isWithin(path, ancestor)).toBe(expected);
      }),
    );
  });
});
