import type { telemetryContract } from '@boreline/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { TagMappingPage } from './TagMappingPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const T0 = Date.UTC(2026, 10, 17, 9, 0, 0);
const SAVED = [{ rawName: 'PLC1.VORTRIEB_V', tagCode: 'thrust.advanceSpeed' }];
const UNMAPPED: telemetryContract.UnmappedName[] = [
  { rawName: 'PLC1.Gesamtkraft', count: 1200, firstSeen: T0, lastSeen: T0 + 60_000, lastValue: 12_500.5 },
  { rawName: 'GW.Heartbeat', count: 3, firstSeen: T0, lastSeen: T0 + 20_000, lastValue: null },
];
const SUGGESTIONS = new Map([
  ['PLC1.Gesamtkraft', [{ code: 'thrust.totalThrust', score: 0.51 }, { code: 'thrust.forceA', score: 0.4 }]],
  ['GW.Heartbeat', []],
]);

const WRITER = ['telemetry.tagMapping.read', 'telemetry.tagMapping.write'];

function renderPage(resources = WRITER, unmapped: { total: number; full: boolean } = { total: 2, full: false }) {
  useFramework.setState({ run: MILAN_RUN, user: null, resources });
  api.responses.set('telemetry.tagMappingQuery', SAVED);
  api.responses.set('telemetry.tagMappingUnmapped', { ...unmapped, items: UNMAPPED });
  api.responses.set('telemetry.tagMappingSuggest', (input: { names: { rawName: string }[] }) =>
    input.names.map((n) => ({ rawName: n.rawName, suggestions: SUGGESTIONS.get(n.rawName) ?? [] })),
  );
  renderRoutes([{ path: '/fw1/tagMapping', element: <TagMappingPage />, handle: { name: 'tagMapping', resource: 'telemetry.tagMapping.read' } }], '/fw1/tagMapping');
}

/**
 * antd's CSS-in-JS fills the document with style sheets, and jsdom computes styles slowly: clicks
 * skip the pointer-events check and buttons are found by their names without the visibility check.
 */
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const saves = () => api.calls.filter((c) => c.id === 'telemetry.tagMappingSave');
const mappingRows = (): HTMLElement[] => [...screen.getByTestId('mapping-table').querySelectorAll<HTMLElement>('tr.ant-table-row')];
const unmappedRow = async (name: string) => within((await within(await screen.findByTestId('unmapped-table')).findByText(name)).closest('tr') ?? document.body);

// antd's tables, selects and pop-ups are slow to drive in jsdom.
describe('tag mapping page', { timeout: 45_000 }, () => {
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

  it('lists the mappings with tag, unit and subsystem, and the names seen unmapped with counts, times and suggestions', async () => {
    renderPage();
    const table = await screen.findByTestId('mapping-table');
    await waitFor(() => expect(within(table).getByDisplayValue('PLC1.VORTRIEB_V')).toBeTruthy());
    const row = within(mappingRows()[0] ?? table);
    expect(row.getByText('mm/min')).toBeTruthy();
    expect(row.getByText('Thrust')).toBeTruthy();
    expect(row.getByText(/Advance speed \(mm\/min\) · thrust\.advanceSpeed/)).toBeTruthy();

    expect(screen.getByTestId('unmapped-total').textContent).toBe('Names: 2');
    const seen = await unmappedRow('PLC1.Gesamtkraft');
    expect(seen.getByText('1,200')).toBeTruthy();
    expect(seen.getByText('12,500.5')).toBeTruthy();
    expect(seen.getByText('17/11/2026 10:01')).toBeTruthy();
    expect(await seen.findByRole('button', { name: /Map PLC1\.Gesamtkraft to Shield total thrust/, hidden: true })).toBeTruthy();
    const heartbeat = await unmappedRow('GW.Heartbeat');
    expect(heartbeat.getByText('—')).toBeTruthy();
    expect(await heartbeat.findByText('No similar tag')).toBeTruthy();
    // The names on screen were asked for suggestions in one call.
    expect(api.calls.filter((c) => c.id === 'telemetry.tagMappingSuggest').map((c) => c.input)).toEqual([
      { runId: 1, names: [{ rawName: 'PLC1.Gesamtkraft' }, { rawName: 'GW.Heartbeat' }] },
    ]);
  });

  it('says when the list of unmapped names is full and new names are no longer recorded', async () => {
    renderPage(WRITER, { total: 2000, full: true });
    expect((await screen.findByTestId('unmapped-full')).textContent).toContain('2000 unmapped names are kept and the list is full');
  });

  it('maps a seen name with its best suggestion and saves the whole table', async () => {
    renderPage();
    api.responses.set('telemetry.tagMappingSave', (input: { mappings: unknown[] }) => input.mappings);
    const seen = await unmappedRow('PLC1.Gesamtkraft');
    await seen.findAllByRole('button', { name: /Map PLC1\.Gesamtkraft to/, hidden: true });
    await user.click(seen.getByRole('button', { name: 'Map PLC1.Gesamtkraft', hidden: true }));
    expect(seen.getByText('In the table')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(mappingRows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Save/, hidden: true }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.input).toEqual({
      runId: 1,
      mappings: [SAVED[0], { rawName: 'PLC1.Gesamtkraft', tagCode: 'thrust.totalThrust' }],
    });
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Saved successfully'));
  });

  it('checks each row with the contract before sending, and puts the server refusal at its row', async () => {
    renderPage();
    await screen.findByDisplayValue('PLC1.VORTRIEB_V');
    await user.click(screen.getByRole('button', { name: /Add row/, hidden: true }));
    const fresh = within(mappingRows()[1] ?? document.body);
    await user.type(fresh.getByLabelText('Gateway variable'), 'PLC1.VORTRIEB_V');
    await user.click(screen.getByRole('button', { name: /Save/, hidden: true }));
    expect(await fresh.findByText('Each name may be used only once')).toBeTruthy();
    expect(fresh.getByText('This field is required')).toBeTruthy();
    expect(saves()).toHaveLength(0);

    // The server knows the catalogue: its refusal lands at the row it names.
    api.responses.set('telemetry.tagMappingSave', () => {
      throw new ApiError(3, 'Not a tag of this machine: thrust.noSuch', { fields: [{ field: 'mappings.1.tagCode', message: 'Not a tag of this machine: thrust.noSuch' }] });
    });
    // A row not saved yet goes without asking; a seen name comes in with its best suggestion.
    await user.click(fresh.getByRole('button', { name: 'Remove', hidden: true }));
    const seen = await unmappedRow('PLC1.Gesamtkraft');
    await seen.findAllByRole('button', { name: /Map PLC1\.Gesamtkraft to/, hidden: true });
    await user.click(seen.getByRole('button', { name: 'Map PLC1.Gesamtkraft', hidden: true }));
    await user.click(screen.getByRole('button', { name: /Save/, hidden: true }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(await within(mappingRows()[1] ?? document.body).findByRole('alert')).toHaveProperty('textContent', 'Not a tag of this machine: thrust.noSuch');
  });

  it('adds pasted lines separated by tab, semicolon or comma, and lists the lines it cannot read', async () => {
    renderPage();
    await screen.findByDisplayValue('PLC1.VORTRIEB_V');
    await user.click(screen.getByRole('button', { name: /Paste lines/, hidden: true }));
    const area = await screen.findByRole('textbox', { name: 'Paste mappings' });
    fireEvent.change(area, {
      target: { value: 'Gateway variable;Tag\nPLC1.Gesamtkraft\tthrust.totalThrust\nPLC1.Drehzahl;cutterhead.speed\n"PLC1.VORTRIEB_V",DB10.AdvSpeedSet\nno separator here\nX.Y;thrust.noSuch' },
    });
    await user.click(screen.getByRole('button', { name: 'Add to the table', hidden: true }));
    const problems = await screen.findByTestId('paste-problems');
    expect(problems.textContent).toContain('Lines not added (2):');
    expect(problems.textContent).toContain('Line 5: no tab, semicolon or comma between the name and the tag');
    expect(problems.textContent).toContain('Line 6: thrust.noSuch is not a tag of this machine');
    // Three lines taken: two new names, and the saved name now on the setpoint (given by its PLC variable).
    expect(mappingRows()).toHaveLength(3);
    expect(within(mappingRows()[0] ?? document.body).getByText(/thrust\.advanceSpeedSetpoint/)).toBeTruthy();
  });

  it('asks before a save removes saved mappings', async () => {
    renderPage();
    api.responses.set('telemetry.tagMappingSave', []);
    await screen.findByDisplayValue('PLC1.VORTRIEB_V');
    await user.click(within(mappingRows()[0] ?? document.body).getByRole('button', { name: 'Remove', hidden: true }));
    // A saved mapping is asked about first.
    const ask = await screen.findByText('Remove the mapping of PLC1.VORTRIEB_V? It is deleted when the table is saved.');
    await user.click(within(ask.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Remove', hidden: true }));
    await waitFor(() => expect(screen.queryByDisplayValue('PLC1.VORTRIEB_V')).toBeNull());
    await user.click(screen.getByRole('button', { name: /Save/, hidden: true }));
    expect(await screen.findByText('Saving removes saved mappings (1). Their values will no longer be stored.')).toBeTruthy();
    expect(saves()).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Save/, hidden: true }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.input).toEqual({ runId: 1, mappings: [] });
  });

  it('offers the spreadsheet import with its template, and only without unsaved changes', async () => {
    renderPage();
    await screen.findByDisplayValue('PLC1.VORTRIEB_V');
    const importButton = () => screen.getByRole('button', { name: /Import/, hidden: true });
    expect(importButton()).toHaveProperty('disabled', false);
    await user.click(importButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Import tag mappings')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Download the template/, hidden: true })).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close', hidden: true }).at(-1) ?? dialog);
    await user.click(screen.getByRole('button', { name: /Add row/, hidden: true }));
    expect(importButton()).toHaveProperty('disabled', true);
  });

  it('shows a reader the mappings without controls to change them', async () => {
    renderPage(['telemetry.tagMapping.read']);
    expect(await screen.findByText('PLC1.VORTRIEB_V', { selector: 'code' })).toBeTruthy();
    expect(screen.getByText(/You can view the mappings/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save/, hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: /Paste lines/, hidden: true })).toBeNull();
    const seen = await unmappedRow('PLC1.Gesamtkraft');
    expect(await seen.findByText('Shield total thrust (kN)')).toBeTruthy();
    expect(seen.queryByRole('button')).toBeNull();
  });
});
