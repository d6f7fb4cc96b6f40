import { RESOURCE_TREE, type ResourceBranch } from '@boreline/contracts';
import { Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../../core/i18n.js';
import { codeName } from '../resourceNames.js';

interface Props {
  /** The codes that may be chosen (all built-in ones when absent); others show greyed for orientation. */
  available?: readonly string[];
  value?: string[];
  onChange?: (codes: string[]) => void;
}

/**
 * The resources to grant, grouped like the side menu and named in the reader's language, each with
 * its code; every node is checked on its own (a page without all its actions is a valid grant).
 */
export function ResourceGrantTree({ available, value = [], onChange }: Props) {
  const t = useT();
  const treeData = useMemo(() => {
    const usable = available ? new Set(available) : null;
    const title = (code: string) => (
      <span>
        {codeName(t, code)} <Typography.Text type="secondary">{code}</Typography.Text>
      </span>
    );
    const map = (nodes: readonly ResourceBranch[]): TreeDataNode[] =>
      nodes.flatMap((n) => {
        const children = map(n.children ?? []);
        const own = !usable || usable.has(n.code);
        if (!own && children.length === 0) return [];
        return [{ key: n.code, title: title(n.code), disableCheckbox: !own, children }];
      });
    const builtIn = new Set<string>();
    const collect = (nodes: readonly ResourceBranch[]) => nodes.forEach((n) => (builtIn.add(n.code), collect(n.children ?? [])));
    collect(RESOURCE_TREE);
    // Resources an administrator added sit after the product's own.
    const added = (available ?? []).filter((code) => !builtIn.has(code)).map((code) => ({ key: code, title: title(code) }));
    return [...map(RESOURCE_TREE), ...added];
  }, [available, t]);
  return (
    <div data-testid="resource-grant-tree" style={{ maxHeight: 420, overflow: 'auto' }}>
      <Tree
        // `defaultExpandAll` acts on the first render only: a new set of choosable codes draws the tree anew, all open.
        key={available ? available.join(',') : '*'}
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={value}
        onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(String))}
      />
    </div>
  );
}
