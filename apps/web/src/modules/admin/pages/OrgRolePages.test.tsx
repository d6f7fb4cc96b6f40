import type { OrgNode, Role } from '@boreline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import type { AppRoute } from '../../../core/routing.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { OrgPage } from './OrgPage.js';
import { RolePage } from './RolePage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The pages talk to the server only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const top: OrgNode = { id: 1, name: 'Boreline', type: 'company', parentId: null, path: '/1/', sort: 1, adminUserId: null, createdAt: 0, children: [] };
const site: OrgNode = { id: 7, name: 'Milano site office', type: 'organization', parentId: 1, path: '/1/7/', sort: 1, adminUserId: 5, createdAt: 0, children: [] };
const planners: Role = { id: 3, name: 'Planners', kind: 'custom', orgId: 7, orgName: 'Milano site office', creatorOrgId: 1, sort: 1, createdAt: 0 };

const routes: AppRoute[] = [
  { path: '/fw0/sys/dept/list', element: <OrgPage />, handle: { name: 'dept', resource: 'menu.admin.organization' } },
  { path: '/fw0/sys/role/list', element: <RolePage />, handle: { name: 'role', resource: 'menu.admin.role' } },
];
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);

describe('organization and role pages', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('admin.orgQuery', [{ ...top, children: [site] }]);
    api.responses.set('admin.userForSelect', [{ id: 5, nickname: 'Ana Site', phone: '13700137005' }]);
    api.responses.set('admin.roleList', [planners]);
  });

  it('adds a sub-organization at the next sort number, without an administrator unless one is chosen', async () => {
    api.responses.set('admin.orgQueryOrderCode', { sort: 4 });
    api.responses.set('admin.orgAdd', { ...site, id: 9, name: 'Tunnel crew' });
    renderRoutes(routes, '/fw0/sys/dept/list');
    await userEvent.click(await within(await screen.findByTestId('org-tree')).findByText('Milano site office', {}, SETTLE));
    expect(await screen.findByText('Ana Site', {}, SETTLE)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add sub-organization' }));
    const dialog = await screen.findByRole('dialog', {}, SETTLE);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Sort number').value).toBe('4');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Tunnel crew{Enter}');
    await waitFor(() => expect(calledWith('admin.orgAdd')).toEqual([{ parentId: 7, name: 'Tunnel crew', type: 'organization', sort: 4, adminUserId: null }]), SETTLE);
  });

  it('opens a role’s resources with its grants checked and saves the new set', async () => {
    api.responses.set('admin.roleResources', { granted: ['menu.reports', 'menu.stock'], available: [{ code: 'menu.reports' }, { code: 'menu.stock' }, { code: 'menu.statistics' }] });
    api.responses.set('admin.roleResourcesUpdate', { granted: ['menu.stock'] });
    renderRoutes(routes, '/fw0/sys/role/list');
    const row = (await within(await screen.findByTestId('role-table')).findByText('Planners', {}, SETTLE)).closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('button', { name: 'Resources' }));
    const dialog = await screen.findByRole('dialog', {}, SETTLE);
    // The grant tree is grouped like the menu and named in the reader's language, each code beside.
    const grant = (name: string) => within(dialog).getByText(name).closest('.ant-tree-treenode');
    const checked = (name: string) => grant(name)?.querySelector('.ant-tree-checkbox-checked') !== null;
    expect(within(grant('Reports') as HTMLElement).getByText('menu.reports')).toBeTruthy();
    expect(grant('Intelligent construction')?.querySelectorAll('.ant-tree-indent-unit').length).toBe(0);
    expect(grant('Reports')?.querySelectorAll('.ant-tree-indent-unit').length).toBe(1);
    expect(checked('Reports')).toBe(true);
    expect(checked('Statistics')).toBe(false);
    // Codes the organization may not use are not offered.
    expect(within(dialog).queryByText('User')).toBeNull();
    await userEvent.click(within(dialog).getByText('Reports'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calledWith('admin.roleResourcesUpdate')).toEqual([{ roleId: 3, codes: ['menu.stock'] }]), SETTLE);
  });
});
