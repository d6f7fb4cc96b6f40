import { adminContract, type CascadeOption, depthOf, type Org, type OrgNode } from '@boreline/contracts';
import type { OrgRow } from './org.repo.js';

export const presentOrg = (row: OrgRow): Org => ({
  id: row.id,
  name: row.name,
  type: adminContract.ORG_TYPES.find((t) => t === row.type) ?? 'organization',
  parentId: row.parent_id,
  path: row.path,
  sort: row.sort,
  adminUserId: row.admin_user_id,
  createdAt: row.created_at,
});

/** Rows (any order) into trees: roots are the rows whose parent is not among them. */
export function buildTree(rows: OrgRow[]): OrgNode[] {
  const nodes = new Map<number, OrgNode>(rows.map((r) => [r.id, { ...presentOrg(r), children: [] }]));
  const roots: OrgNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (!node) continue;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const order = (list: OrgNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    list.forEach((n) => order(n.children));
  };
  order(roots);
  return roots;
}

export const toCascade = (nodes: OrgNode[]): CascadeOption[] =>
  nodes.map((n) => ({ value: n.id, label: n.name, ...(n.children.length > 0 ? { children: toCascade(n.children) } : {}) }));

/** The tree flattened in display order, with each node's depth. */
export const flattenTree = (nodes: OrgNode[]): { id: number; name: string; path: string; depth: number }[] =>
  nodes.flatMap((n) => [{ id: n.id, name: n.name, path: n.path, depth: depthOf(n.path) }, ...flattenTree(n.children)]);
