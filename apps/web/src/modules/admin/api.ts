import { adminContract as c, type OrgNode } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../core/api/client.js';

export const useOrgTree = () => useQuery({ queryKey: ['orgs'], queryFn: () => call(c.orgQuery, {}) });
export const useRoles = () => useQuery({ queryKey: ['roles'], queryFn: () => call(c.roleList, {}) });

/** Every organization of a tree, flat, with its depth (for selects). */
export function flatOrgs(nodes: OrgNode[], depth = 0): { id: number; name: string; depth: number }[] {
  return nodes.flatMap((n) => [{ id: n.id, name: n.name, depth }, ...flatOrgs(n.children, depth + 1)]);
}

export const orgOptions = (nodes: OrgNode[]) =>
  flatOrgs(nodes).map((o) => ({ value: o.id, label: `${'\u00a0\u00a0'.repeat(o.depth)}${o.name}` }));
