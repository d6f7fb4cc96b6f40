import { describe, expect, it } from 'vitest';
import { RESOURCE_CODES } from './permissions.js';
import { RESOURCE_TREE, type ResourceBranch, resourcePlaces } from './resourceTree.js';

const codesOf = (nodes: readonly ResourceBranch[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])]);

describe('the built-in resource tree', () => {
  it('places every resource code exactly once', () => {
    const codes = codesOf(RESOURCE_TREE);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...RESOURCE_CODES].sort());
  });

  it('lists superiors before their children, with levels from 1', () => {
    const seen = new Set<string>();
    for (const [code, place] of resourcePlaces()) {
      if (place.parent) expect(seen.has(place.parent), code).toBe(true);
      expect(place.level).toBe(place.parent ? (resourcePlaces().get(place.parent)?.level ?? 0) + 1 : 1);
      seen.add(code);
    }
  });
});
