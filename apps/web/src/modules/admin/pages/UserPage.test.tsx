import type { AdminUser, OrgNode, Role } from '@boreline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import type { AppRoute } from '../../../core/routing.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { UserPage } from './UserPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page talks to the server only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };

const user = (id: number, nickname: string): AdminUser => ({
  id,
  phone: `1370013700${id}`,
  nickname,
  email: `${nickname.toLowerCase().replace(/\s/g, '.')}@example.test`,
  orgId: 7,
  orgName: 'Milano site office',
  enabled: true,
  sa: false,
  roleIds: [],
  zb: false,
  runIds: [],
  createdAt: 0,
});
const org: OrgNode = { id: 7, name: 'Milano site office', type: 'organization', parentId: null, path: '/7/', sort: 1, adminUserId: null, createdAt: 0, children: [] };
const role: Role = { id: 3, name: 'Planners', kind: 'custom', orgId: 7, orgName: 'Milano site office', creatorOrgId: null, sort: 1, createdAt: 0 };

const routes: AppRoute[] = [{ path: '/fw0/sys/user/list', element: <UserPage />, handle: { name: 'user', resource: 'menu.admin.user' } }];

const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);

describe('user page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('admin.userPage', (input: { page: number; keyword?: string }) => ({
      total: 41,
      page: input.page,
      pageSize: 20,
      records: input.keyword ? [user(2, 'Planner One')] : [user(1, 'Site Engineer'), user(2, 'Planner One')],
    }));
    api.responses.set('admin.orgQuery', [org]);
    api.responses.set('admin.roleList', [role]);
    api.responses.set('admin.userRunOptions', []);
  });

  it('lists users by page and search, both kept in the address', async () => {
    const router = renderRoutes(routes, '/fw0/sys/user/list?page=2');
    const table = await screen.findByTestId('user-table');
    await within(table).findByText('Site Engineer', {}, SETTLE);
    expect(calledWith('admin.userPage')).toEqual([{ page: 2, pageSize: 20 }]);

    await userEvent.type(screen.getByPlaceholderText('Name, phone or email'), 'planner{Enter}');
    await waitFor(() => expect(calledWith('admin.userPage').at(-1)).toEqual({ page: 1, pageSize: 20, keyword: 'planner' }), SETTLE);
    expect(router.state.location.search).toBe('?keyword=planner');
    await waitFor(() => expect(within(table).queryByText('Site Engineer')).toBeNull(), SETTLE);
  });

  it('adds a user through the contract’s form, with the server’s field problem at its field', async () => {
    let refuse = true;
    api.responses.set('admin.userAdd', () => {
      if (refuse) throw new ApiError(3, 'The user could not be added', { fields: [{ field: 'email', message: 'This e-mail is taken' }] });
      return user(9, 'New Planner');
    });
    renderRoutes(routes, '/fw0/sys/user/list');
    await userEvent.click(await screen.findByRole('button', { name: /Add user/ }, SETTLE));
    const dialog = await screen.findByRole('dialog', {}, SETTLE);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'New Planner');
    await userEvent.type(within(dialog).getByLabelText('Phone'), '13700137099');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'taken@example.test');
    await userEvent.click(within(dialog).getByLabelText('Organization'));
    await userEvent.click(await screen.findByTitle('Milano site office', {}, SETTLE));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Planner-pass-1');
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Planner-pass-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The two passwords are inconsistent', {}, SETTLE)).toBeTruthy();
    expect(calledWith('admin.userAdd')).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Confirm password'));
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Planner-pass-1{Enter}');
    expect(await within(dialog).findByText('This e-mail is taken', {}, SETTLE)).toBeTruthy();
    expect(calledWith('admin.userAdd')).toEqual([
      {
        nickname: 'New Planner',
        phone: '13700137099',
        email: 'taken@example.test',
        orgId: 7,
        enabled: true,
        zb: false,
        runIds: [],
        newPassword: 'Planner-pass-1',
        confirmPassword: 'Planner-pass-1',
      },
    ]);

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calledWith('admin.userAdd')).toHaveLength(2), SETTLE);
    // The list is read again so the new user shows.
    await waitFor(() => expect(calledWith('admin.userPage').length).toBeGreaterThan(1), SETTLE);
  });

  it('deletes a user after the permanent-delete confirmation', async () => {
    api.responses.set('admin.userDelete', null);
    renderRoutes(routes, '/fw0/sys/user/list');
    const row = (await screen.findByText('Site Engineer', {}, SETTLE)).closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete the user Site Engineer permanently?', {}, SETTLE)).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1);
    if (!confirm) throw new Error('no confirmation');
    await userEvent.click(confirm);
    await waitFor(() => expect(calledWith('admin.userDelete')).toEqual([{ id: 1 }]), SETTLE);
  });
});
