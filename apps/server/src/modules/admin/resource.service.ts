import { type adminContract, isWithin, RESOURCE_CODES, type ResourceNode, type EndpointArgs } from '@boreline/contracts';
import { errors } from '../../core/errors.js';
import type { PermissionRepo, ResourceRow } from './permission.repo.js';

type Input<E> = EndpointArgs<E>;

const BUILT_IN = new Set<string>(RESOURCE_CODES);

const node = (r: ResourceRow): ResourceNode => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  group: r.group_name,
  level: r.level,
  sort: r.sort,
  parentId: r.parent_id,
  path: r.page_path,
  builtIn: BUILT_IN.has(r.code),
  children: [],
});

/**
 * The resource tree (super administrator only for changes: it is shared by every tenant). The
 * codes the product itself checks are seeded at start and cannot be renamed or deleted.
 */
export class ResourceService {
  constructor(private readonly repo: PermissionRepo) {}

  async tree(): Promise<ResourceNode[]> {
    const rows = await this.repo.allResources();
    const nodes = new Map(rows.map((r) => [r.id, node(r)]));
    const roots: ResourceNode[] = [];
    for (const r of rows) {
      const n = nodes.get(r.id);
      const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
      if (n) (parent ? parent.children : roots).push(n);
    }
    return roots;
  }

  private async require(id: number): Promise<ResourceRow> {
    const row = await this.repo.findResource(id);
    if (!row) throw errors.business('admin.resource.notFound');
    return row;
  }

  private async present(id: number): Promise<ResourceNode> {
    return node(await this.require(id));
  }

  async add(input: Input<typeof adminContract.resourceAdd>): Promise<ResourceNode> {
    const parent = await this.require(input.parentId);
    if (await this.repo.codeTaken(input.encoding, null)) throw errors.business('admin.resource.codeTaken');
    const id = await this.repo.transaction(async (repo) =>
      repo.insertResource(
        { ...input, code: input.encoding, pagePath: input.path || null, groupId: await repo.groupId(input.group, Date.now()), parentPath: parent.path },
        Date.now(),
      ),
    );
    return this.present(id);
  }

  async edit(input: Input<typeof adminContract.resourceEdit>): Promise<ResourceNode> {
    const current = await this.require(input.id);
    if (BUILT_IN.has(current.code) && input.encoding !== current.code) throw errors.business('admin.resource.builtIn');
    if (await this.repo.codeTaken(input.encoding, current.id)) throw errors.business('admin.resource.codeTaken');
    await this.repo.transaction(async (repo) =>
      repo.updateResource(current.id, {
        ...input,
        code: input.encoding,
        // A built-in page keeps the route the product gives it.
        pagePath: BUILT_IN.has(current.code) ? current.page_path : input.path || null,
        groupId: await repo.groupId(input.group, Date.now()),
      }),
    );
    return this.present(current.id);
  }

  async remove(id: number): Promise<{ deleted: number }> {
    const current = await this.require(id);
    const subtree = await this.repo.resourceSubtree(current.path);
    if (subtree.some((r) => BUILT_IN.has(r.code))) throw errors.business('admin.resource.builtIn');
    await this.repo.deleteResources(subtree.map((r) => r.id));
    return { deleted: subtree.length };
  }

  async move(input: Input<typeof adminContract.resourceMove>): Promise<ResourceNode> {
    const current = await this.require(input.id);
    // No superior: the resource goes back to the top of the tree.
    const parent = input.parentId === null ? null : await this.require(input.parentId);
    if (parent && isWithin(parent.path, current.path)) throw errors.business('admin.resource.cycle');
    await this.repo.transaction(async (repo) => {
      const newPath = `${parent?.path ?? '/'}${current.id}/`;
      const subtree = await repo.resourceSubtree(current.path);
      await repo.moveResource(current.id, parent?.id ?? null, subtree.map((r) => ({ id: r.id, path: newPath + r.path.slice(current.path.length) })));
    });
    return this.present(current.id);
  }
}
