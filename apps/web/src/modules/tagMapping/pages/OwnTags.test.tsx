import type { ownTagsContract } from '@boreline/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { TagMappingPage } from './TagMappingPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const WEAR: ownTagsContract.OwnTag = {
  code: 'own.discWear',
  names: { en_US: 'Disc cutter wear', zh_CN: '滚刀磨损' },
  name: 'Disc cutter wear',
  unit: 'mm',
  subsystem: 'cutter',
  rangeMin: 0,
  rangeMax: 25,
  precision: 1,
  createdAt: 0,
  updatedAt: 0,
};
const WRITER = ['telemetry.tagMapping.read', 'telemetry.tagMapping.write'];

function renderPage(resources = WRITER) {
  useFramework.setState({ run: MILAN_RUN, user: null, resources });
  api.responses.set('telemetry.tagMappingQuery', [{ rawName: 'PLC7.Verschleiss', tagCode: WEAR.code }]);
  api.responses.set('telemetry.tagMappingUnmapped', { total: 0, full: false, items: [] });
  api.responses.set('ownTags.query', [WEAR]);
  renderRoutes([{ path: '/fw1/tagMapping', element: <TagMappingPage />, handle: { name: 'tagMapping', resource: 'telemetry.tagMapping.read' } }], '/fw1/tagMapping');
}

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsOf = (id: string) => api.calls.filter((c) => c.id === id);

describe('own tags on the tag mapping page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
  });
  afterEach(() => {
    cleanup();
    api.responses.clear();
    useFramework.setState({ run: null, resources: [] });
  });

  it('lists the own tags, and a gateway name mapped to one shows its name, unit and subsystem', async () => {
    renderPage();
    const own = await screen.findByTestId('own-tag-table');
    await waitFor(() => expect(within(own).getByText('own.discWear')).toBeTruthy());
    const row = within(within(own).getByText('own.discWear').closest('tr') ?? own);
    expect(row.getByText('Disc cutter wear')).toBeTruthy();
    expect(row.getByText('0 – 25')).toBeTruthy();
    expect(row.getByText('Cutters')).toBeTruthy();
    // The mapping's tag picker knows the own tag.
    const mapping = await screen.findByTestId('mapping-table');
    await waitFor(() => expect(within(mapping).getByText(/Disc cutter wear \(mm\) · own\.discWear/)).toBeTruthy());
  });

  it('checks a new tag before sending it: the code form and at least one name, at their fields', async () => {
    renderPage();
    await user.click(await screen.findByTestId('own-tag-add'));
    const dialog = await screen.findByTestId('own-tag-dialog');
    const code = within(dialog).getByLabelText('Code');
    await user.clear(code);
    await user.type(code, 'wear');
    await user.click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save/, hidden: true }));
    expect(await within(dialog).findByText(/Use own\. followed by a letter/)).toBeTruthy();
    expect(await within(dialog).findByText('Give a name in at least one language')).toBeTruthy();
    expect(callsOf('ownTags.add')).toEqual([]);
  });

  it('edits a tag with its names in six fields, and deletes one after confirmation', async () => {
    api.responses.set('ownTags.edit', (input: object) => ({ ...WEAR, ...input }));
    api.responses.set('ownTags.delete', { code: WEAR.code });
    renderPage();
    const own = await screen.findByTestId('own-tag-table');
    await user.click(await within(own).findByRole('button', { name: 'Edit own tag', hidden: true }));
    const dialog = await screen.findByTestId('own-tag-dialog');
    expect((within(dialog).getByLabelText('Name (简体中文)') as HTMLInputElement).value).toBe('滚刀磨损');
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    const german = within(dialog).getByLabelText('Name (Deutsch (Österreich))');
    await user.type(german, 'Verschleiß Schneidrolle');
    await user.click(within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save/, hidden: true }));
    await waitFor(() => expect(callsOf('ownTags.edit')).toHaveLength(1));
    expect(callsOf('ownTags.edit')[0]?.input).toMatchObject({ runId: MILAN_RUN.runId, code: WEAR.code, name_zh_CN: '滚刀磨损', name_en_US: 'Disc cutter wear', name_de_AT: 'Verschleiß Schneidrolle', unit: 'mm', subsystem: 'cutter', rangeMin: 0, rangeMax: 25, precision: 1 });
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Saved successfully'));

    await user.click(within(own).getByTestId('own-tag-delete'));
    expect(await screen.findByText(/Delete the own tag own\.discWear\?/)).toBeTruthy();
    expect(callsOf('ownTags.delete')).toEqual([]);
    const confirm = (await screen.findByText(/Delete the own tag own\.discWear\?/)).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getAllByRole('button', { hidden: true }).find((b) => /Delete/.test(b.textContent ?? '')) ?? confirm);
    await waitFor(() => expect(callsOf('ownTags.delete')[0]?.input).toEqual({ runId: MILAN_RUN.runId, code: WEAR.code }));
  });
});
