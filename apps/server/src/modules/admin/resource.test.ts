import { adminContract, endpointUrl, type ResourceNode, RESOURCE_CODES } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

describe('resources (/u/web/sys/src/*)', () => {
  let t: TestApp;
  let sa: string;
  const post = async (endpoint: { base: 'main' | 'project'; path: string }, payload: object) =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token: sa, payload }));
  const tree = async () => (await post(adminContract.resourceTree, {})).data as ResourceNode[];
  const byCode = (nodes: ResourceNode[], code: string): ResourceNode | undefined => {
    for (const n of nodes) {
      if (n.code === code) return n;
      const hit = byCode(n.children, code);
      if (hit) return hit;
    }
    return undefined;
  };
  const add = (parentId: number, encoding: string, extra: object = {}) =>
    post(adminContract.resourceAdd, { parentId, encoding, group: 'stock', name: 'Export parts', description: 'Export button', level: 3, sort: 1, ...extra });

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('holds every resource code of the contracts after a fresh start, marked as built in', async () => {
    const nodes = await tree();
    for (const code of RESOURCE_CODES) expect(byCode(nodes, code)?.builtIn, code).toBe(true);
  });

  it('adds a button under a page, validates as spec §5 says, and refuses a duplicate encoding', async () => {
    const page = byCode(await tree(), 'menu.stock');
    const body = await add(page?.id ?? 0, 'stock.part.export');
    expect(body).toMatchObject({ code: 0, msg: 'Added successfully', data: { code: 'stock.part.export', group: 'stock', builtIn: false } });
    expect(byCode(await tree(), 'menu.stock')?.children.map((c) => c.code)).toEqual(['stock.part.export']);
    expect((await add(page?.id ?? 0, 'stock.part.export')).msg).toBe('Another resource already has this encoding');
    expect((await add(page?.id ?? 0, 'Stock Export')).msg).toBe('Encoding: Use lower-case words joined by dots, like stock.part.export');
    expect((await add(page?.id ?? 0, 'stock.x', { sort: 0 })).msg).toBe('Sort number: The sort number must be an integer greater than 0');
    expect((await add(page?.id ?? 0, 'stock.x', { description: '' })).msg).toBe('Description: This field is required');
    expect((await post(adminContract.resourceAdd, { encoding: 'stock.y', group: 'g', name: 'n', description: 'd', level: 1, sort: 1 })).msg).toBe(
      'Superior node: This field is required',
    );
  });

  it('edits, moves and deletes an added resource; built-in codes keep their encoding and stay', async () => {
    const nodes = await tree();
    const stock = byCode(nodes, 'menu.stock');
    const reports = byCode(nodes, 'menu.reports');
    const added = (await add(stock?.id ?? 0, 'stock.part.import')).data as ResourceNode;
    const child = (await add(added.id, 'stock.part.import.confirm')).data as ResourceNode;
    const edited = await post(adminContract.resourceEdit, { id: added.id, encoding: 'stock.part.importExcel', group: 'stock', name: 'Import', description: 'Import button', level: 3, sort: 2 });
    expect(edited).toMatchObject({ code: 0, data: { code: 'stock.part.importExcel', name: 'Import' } });
    expect((await post(adminContract.resourceMove, { id: added.id, parentId: reports?.id ?? 0 })).code).toBe(0);
    expect(byCode(await tree(), 'menu.reports')?.children.map((c) => c.code)).toContain('stock.part.importExcel');
    expect((await post(adminContract.resourceMove, { id: added.id, parentId: child.id })).msg).toBe(
      'A resource cannot be moved under itself or one of its sub-resources',
    );
    expect(await post(adminContract.resourceDelete, { id: added.id })).toMatchObject({ code: 0, data: { deleted: 2 } });
    const builtIn = 'Resources the product itself uses cannot be renamed or deleted';
    expect((await post(adminContract.resourceDelete, { id: stock?.id ?? 0 })).msg).toBe(builtIn);
    expect((await post(adminContract.resourceEdit, { id: stock?.id ?? 0, encoding: 'menu.parts', group: 'menu', name: 'x', description: 'x', level: 1, sort: 1 })).msg).toBe(builtIn);
  });
});
