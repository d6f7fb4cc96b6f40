import type { ResourceNode } from '@boreline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import type { AppRoute } from '../../../core/routing.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { ResourcePage } from './ResourcePage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
/** A resource as the server seeds it: its stored name and description are its code. */
const node = (id: number, code: string, parentId: number | null, level: number, children: ResourceNode[] = [], path: string | null = null): ResourceNode => ({
  id,
  code,
  name: code,
  description: code,
  group: code.split('.')[0] ?? code,
  level,
  sort: 1,
  parentId,
  path,
  builtIn: true,
  children,
});
// The shape of the server's tree: a section, its page, the codes the page checks; a page at the top.
const tree: ResourceNode[] = [
  node(1, 'menu.statsBoard', null, 1, [], '/fw0/projectBoard'),
  node(2, 'menu.systemSetting', null, 1, [
    node(3, 'menu.admin.organization', 2, 2, [node(4, 'admin.org.read', 3, 3), node(5, 'admin.acl.write', 3, 3)], '/fw0/sys/dept/list'),
  ]),
];
const routes: AppRoute[] = [{ path: '/fw0/sys/src/list', element: <ResourcePage />, handle: { name: 'src', resource: 'menu.admin.resource' } }];
const treeNode = (title: string) => within(screen.getByTestId('resource-tree')).getByText(title).closest('.ant-tree-treenode');

describe('resource page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('zh_CN');
  });
  afterAll(async () => {
    await i18next.changeLanguage('en-US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('admin.resourceTree', tree);
  });

  it('shows the tree grouped like the menu, named in the reader’s language with each code beside', async () => {
    renderRoutes(routes, '/fw0/sys/src/list');
    const section = await within(await screen.findByTestId('resource-tree')).findByText('系统设置', {}, SETTLE);
    expect(section.textContent).toContain('menu.systemSetting');
    // Pages sit in their section, the codes a page checks under the page: each one level further in.
    const indent = (title: string) => treeNode(title)?.querySelectorAll('.ant-tree-indent-unit').length;
    expect(indent('系统设置')).toBe(0);
    expect(indent('组织机构')).toBe(1);
    expect(indent('查看组织')).toBe(2);
    expect(indent('分配组织可用资源')).toBe(2);
    await userEvent.click(screen.getByText('查看组织'));
    expect(await screen.findByText('服务器在「组织机构」中校验的权限：查看组织', {}, SETTLE)).toBeTruthy();
    await userEvent.click(screen.getByText('组织机构'));
    expect(await screen.findByText('/fw0/sys/dept/list', {}, SETTLE)).toBeTruthy();
  });

  it('moves a resource back to the top of the tree', async () => {
    api.responses.set('admin.resourceMove', { ...tree[1]?.children[0], parentId: null });
    renderRoutes(routes, '/fw0/sys/src/list');
    await userEvent.click(await within(await screen.findByTestId('resource-tree')).findByText('组织机构', {}, SETTLE));
    await userEvent.click(screen.getByRole('button', { name: /移\s*动/ }));
    const dialog = await screen.findByRole('dialog', {}, SETTLE);
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByText('（顶层）', {}, SETTLE));
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|保\s*存/ }));
    await waitFor(() => expect(api.calls.filter((c) => c.id === 'admin.resourceMove').map((c) => c.input)).toEqual([{ id: 3, parentId: null }]), SETTLE);
  });
});
