import { useState } from 'react';
import type { TreeProps } from 'antd';

/**
 * Tree branches unfolded by default, new ones included, until the user folds them: returns the
 * expanded keys for the given branch keys and the handler that remembers folding.
 */
export function useFoldedTree(branchKeys: readonly number[]): { expandedKeys: number[]; onExpand: NonNullable<TreeProps['onExpand']> } {
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  return {
    expandedKeys: branchKeys.filter((key) => !folded.has(key)),
    onExpand: (_keys, info) =>
      setFolded((current) => {
        const next = new Set(current);
        const key = Number(info.node.key);
        if (info.expanded) next.delete(key);
        else next.add(key);
        return next;
      }),
  };
}
