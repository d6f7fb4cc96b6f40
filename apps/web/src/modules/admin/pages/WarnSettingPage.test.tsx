import type { RunOption, WarnSetting } from '@boreline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import type { AppRoute } from '../../../core/routing.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { WarnSettingPage } from './WarnSettingPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page talks to the server only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const runs: RunOption[] = [
  { runId: 1, projectName: 'Metro M4 Lot 3', tbmCode: 'S-1125', machineType: 'epb', timeZone: 'Europe/Rome', orgId: 7 },
  { runId: 4, projectName: 'Line 12 river tunnel', tbmCode: 'S-1200', machineType: 'slurry', timeZone: 'Asia/Shanghai', orgId: 8 },
];
const speed: WarnSetting = {
  runId: 1,
  tagCode: 'thrust.advanceSpeed',
  subsystem: 'thrust',
  name: 'Advance speed',
  unit: 'mm/min',
  precision: 1,
  rangeMin: 0,
  rangeMax: 80,
  enabled: false,
  notify: false,
  lowAlarm: null,
  lowWarn: 0,
  highWarn: 80,
  highAlarm: null,
  delaySeconds: 0,
  updatedAt: null,
  updatedBy: null,
};

const routes: AppRoute[] = [{ path: '/fw0/sys/sys_warn_setting', element: <WarnSettingPage />, handle: { name: 'sys_warn_setting', resource: 'menu.admin.partSetting' } }];
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);

describe('part alarm settings page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('project.runQueryProject', runs);
    api.responses.set('admin.warnSettingPage', (input: { page: number }) => ({ total: 1, page: input.page, pageSize: 20, records: [speed] }));
  });

  it('lists the first project’s points unless the address names another, and searches on Enter', async () => {
    const router = renderRoutes(routes, '/fw0/sys/sys_warn_setting?runId=99');
    // A project the user cannot see falls back to their first one.
    await waitFor(() => expect(screen.getByTestId('warn-run').textContent).toBe('Metro M4 Lot 3 · S-1125'), SETTLE);
    await waitFor(() => expect(calledWith('admin.warnSettingPage')).toEqual([{ runId: 1, page: 1, pageSize: 20 }]), SETTLE);

    await userEvent.type(screen.getByPlaceholderText('Name or code'), 'thrust{Enter}');
    await waitFor(() => expect(calledWith('admin.warnSettingPage').at(-1)).toEqual({ runId: 1, page: 1, pageSize: 20, keyword: 'thrust' }), SETTLE);
    expect(new URLSearchParams(router.state.location.search).get('keyword')).toBe('thrust');
  });

  it('refuses unordered thresholds in the form, then saves them with the point’s project and code', async () => {
    api.responses.set('admin.warnSettingUpdate', (input: object) => ({ ...speed, ...input }));
    renderRoutes(routes, '/fw0/sys/sys_warn_setting');
    const row = (await screen.findByText('thrust.advanceSpeed', {}, SETTLE)).closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', {}, SETTLE);
    await userEvent.clear(within(dialog).getByLabelText('Low warning'));
    await userEvent.type(within(dialog).getByLabelText('Low warning'), '90');
    await userEvent.clear(within(dialog).getByLabelText('High warning'));
    await userEvent.type(within(dialog).getByLabelText('High warning'), '70');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Thresholds must be ordered: low alarm ≤ low warning < high warning ≤ high alarm', {}, SETTLE)).toBeTruthy();
    expect(calledWith('admin.warnSettingUpdate')).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Low warning'));
    await userEvent.type(within(dialog).getByLabelText('Low warning'), '5');
    await userEvent.type(within(dialog).getByLabelText('High alarm'), '80');
    await userEvent.click(within(dialog).getAllByRole('switch')[0] ?? dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(calledWith('admin.warnSettingUpdate')).toEqual([
          { runId: 1, tagCode: 'thrust.advanceSpeed', lowAlarm: null, lowWarn: 5, highWarn: 70, highAlarm: 80, delaySeconds: 0, enabled: true, notify: false },
        ]),
      SETTLE,
    );
  });
});
