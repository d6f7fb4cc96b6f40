import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { FakeSocket } from '../../../core/realtime/fakeSocket.fixture.js';
import { realtime } from '../../../core/realtime/realtime.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { alarm, current, PARAMS, T0 } from '../alarm.fixture.js';
import { PresentAlarmPage } from './PresentAlarmPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const routes: AppRoute[] = [{ path: '/fw1/alarm/present_alarm', element: <PresentAlarmPage />, handle: { name: 'alarmPresent', resource: 'menu.alarms' } }];
const HANDLE = ['menu.alarms', 'alarm.record.read', 'alarm.record.handle'];

/** The app's socket client on sockets the test drives. */
const sockets: FakeSocket[] = [];
class TestWebSocket extends FakeSocket {
  constructor() {
    super();
    sockets.push(this);
  }
}
const socket = () => {
  const last = sockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
};

const OIL = alarm(11);
const THRUST = alarm(12, {
  number: 12,
  point: 'thrust.totalThrust',
  name: 'Shield total thrust',
  content: 'Shield total thrust 41,200 kN above the warning limit 40,000 kN',
  subsystem: 'thrust',
  level: 'warning',
  state: 'clearedUnacked',
  endTs: T0 + 60_000,
  chattering: true,
  repeats: 3,
});

/** WebAudio as the page uses it, recording the tones played. */
function fakeAudio(): number[] {
  const tones: number[] = [];
  class FakeAudio {
    currentTime = 0;
    destination = {};
    resume = async () => undefined;
    createOscillator() {
      const oscillator = { frequency: { value: 0 }, connect: (node: unknown) => node, start: () => tones.push(oscillator.frequency.value), stop: () => undefined };
      return oscillator;
    }
    createGain() {
      return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (node: unknown) => node };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudio);
  return tones;
}

const rows = () => within(screen.getByTestId('present-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const row = (id: number) => {
  const found = rows().find((r) => r.getAttribute('data-row-key') === String(id));
  if (!found) throw new Error(`no row ${id}`);
  return found;
};

describe('current alarms page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    sockets.length = 0;
    localStorage.clear();
    vi.stubGlobal('WebSocket', TestWebSocket);
    useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: HANDLE });
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('alarm.currentQuery', current([OIL, THRUST]));
    api.responses.set('alarm.historyParams', PARAMS);
  });
  afterEach(() => {
    realtime.stop();
    vi.unstubAllGlobals();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the current alarms with their level colours, ISA states, marks and times on the site’s clock', async () => {
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('alarm.currentQuery')[0]).toEqual({ runId: 1 });
    const oil = row(11);
    expect(oil.className).toContain('alarm-row-alarm');
    expect(within(oil).getByTestId('alarm-level').textContent).toBe('Alarm');
    expect(within(oil).getByTestId('alarm-level').getAttribute('data-level')).toBe('alarm');
    expect(within(oil).getByTestId('alarm-state').textContent).toBe('Active · unacknowledged');
    // 08:00 UTC is 09:00 in Milan.
    expect(oil.textContent).toContain('24/11/2026 09:00:00');
    expect(oil.textContent).toContain('Main drive');
    const thrust = row(12);
    expect(thrust.className).toContain('alarm-row-warning');
    expect(within(thrust).getByTestId('alarm-level').textContent).toBe('Warning');
    expect(within(thrust).getByTestId('alarm-state').textContent).toBe('Cleared · unacknowledged');
    expect(within(thrust).getByTestId('mark-chattering').textContent).toBe('Chattering');
    expect(within(thrust).getByTestId('mark-repeats').textContent).toBe('×3 repeats');
    expect(within(oil).queryByTestId('mark-chattering')).toBeNull();
    expect(screen.getByTestId('alarm-counts').textContent).toBe('Alarms: 1Warnings: 1Unacknowledged: 2');
  });

  it('acknowledges one alarm with a comment, and the list is read again', async () => {
    api.responses.set('alarm.ack', { acked: 1 });
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    const reads = calledWith('alarm.currentQuery').length;
    fireEvent.click(within(row(11)).getByTestId('ack-one'));
    const dialog = await screen.findByTestId('ack-dialog', {}, SETTLE);
    fireEvent.change(within(dialog).getByTestId('ack-comment'), { target: { value: 'Cooler valve opened' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(calledWith('alarm.ack')).toEqual([{ runId: 1, ids: [11], comment: 'Cooler valve opened' }]), SETTLE);
    await waitFor(() => expect(calledWith('alarm.currentQuery').length).toBeGreaterThan(reads), SETTLE);
  });

  it('acknowledges the selected rows at once', async () => {
    api.responses.set('alarm.ack', { acked: 2 });
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(screen.getByTestId('ack-selected').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(row(11)).getByRole('checkbox'));
    fireEvent.click(within(row(12)).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('ack-selected').textContent).toBe('Acknowledge selected (2)'), SETTLE);
    fireEvent.click(screen.getByTestId('ack-selected'));
    const dialog = await screen.findByTestId('ack-dialog', {}, SETTLE);
    expect(within(dialog).getByText('Acknowledge 2 alarm(s)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(calledWith('alarm.ack')).toEqual([{ runId: 1, ids: [11, 12] }]), SETTLE);
  });

  it('refuses shelving longer than the server allows, without sending', async () => {
    api.responses.set('alarm.shelve', { point: OIL.point, name: OIL.name, from: T0, until: T0 + 3_600_000, reason: 'Sensor swap', by: null });
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    fireEvent.click(within(row(11)).getByTestId('shelve-one'));
    const dialog = await screen.findByTestId('shelve-dialog', {}, SETTLE);
    fireEvent.change(within(dialog).getByTestId('shelve-minutes'), { target: { value: '721' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Shelve' }));
    expect(await within(dialog).findByText('At most 720', {}, SETTLE)).toBeTruthy();
    expect(await within(dialog).findByText('This field is required', {}, SETTLE)).toBeTruthy();
    expect(calledWith('alarm.shelve')).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('shelve-minutes'), { target: { value: '60' } });
    fireEvent.change(within(dialog).getByTestId('shelve-reason'), { target: { value: 'Sensor swap' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Shelve' }));
    await waitFor(() => expect(calledWith('alarm.shelve')).toEqual([{ runId: 1, point: 'mainDrive.oilTemp', minutes: 60, reason: 'Sensor swap' }]), SETTLE);
  });

  it('unshelves a point from the shelved list', async () => {
    api.responses.set('alarm.currentQuery', current([OIL], [{ point: 'thrust.totalThrust', name: 'Shield total thrust', from: T0, until: T0 + 3_600_000, reason: 'Sensor swap', by: { id: 5, name: 'Giulia Rossi' } }]));
    api.responses.set('alarm.unshelve', { unshelved: true });
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    const list = await screen.findByTestId('shelved-list', {}, SETTLE);
    expect(list.textContent).toContain('Sensor swap');
    expect(list.textContent).toContain('24/11/2026 10:00');
    fireEvent.click(within(list).getByTestId('unshelve'));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull(), SETTLE);
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calledWith('alarm.unshelve')).toEqual([{ runId: 1, point: 'thrust.totalThrust' }]), SETTLE);
  });

  it('filters by level and subsystem on the server', async () => {
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    fireEvent.mouseDown(within(screen.getByTestId('filter-level')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Warning', {}, SETTLE));
    await waitFor(() => expect(calledWith('alarm.currentQuery').at(-1)).toEqual({ runId: 1, level: 'warning' }), SETTLE);
    fireEvent.mouseDown(within(screen.getByTestId('filter-subsystem')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Thrust', {}, SETTLE));
    await waitFor(() => expect(calledWith('alarm.currentQuery').at(-1)).toEqual({ runId: 1, level: 'warning', subsystem: 'thrust' }), SETTLE);
  });

  it('assigns an alarm to a user who may read the run', async () => {
    api.responses.set('alarm.assignees', [
      { id: 5, name: 'Giulia Rossi' },
      { id: 6, name: 'Marco Bianchi' },
    ]);
    api.responses.set('alarm.assign', alarm(11, { assignee: { id: 6, name: 'Marco Bianchi' } }));
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    fireEvent.click(within(row(11)).getByTestId('assign-one'));
    const dialog = await screen.findByTestId('assign-dialog', {}, SETTLE);
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Marco Bianchi', {}, SETTLE));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calledWith('alarm.assign')).toEqual([{ runId: 1, id: 11, userId: 6 }]), SETTLE);
    expect(calledWith('alarm.assignees')).toEqual([{ runId: 1 }]);
  });

  it('shows no handling to a user who may only read alarms', async () => {
    useFramework.setState({ resources: ['menu.alarms', 'alarm.record.read'] });
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(screen.queryByTestId('ack-one')).toBeNull();
    expect(screen.queryByTestId('ack-selected')).toBeNull();
    expect(screen.queryByTestId('shelve-one')).toBeNull();
    expect(screen.queryByTestId('open-settings')).toBeNull();
    expect(within(row(11)).queryByRole('checkbox')).toBeNull();
  });

  it('says when there is no active alarm', async () => {
    api.responses.set('alarm.currentQuery', current([]));
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    expect(await screen.findByText('No active alarms', {}, SETTLE)).toBeTruthy();
  });

  it('reads again on an alarm notice: a new alarm appears, and with sound on it beeps', async () => {
    const tones = fakeAudio();
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    fireEvent.click(screen.getByTestId('announce-toggle'));
    expect(localStorage.getItem('boreline.alarmSound')).toBe('1');
    act(() => realtime.start());
    act(() => socket().connect());
    await waitFor(() => expect(socket().sent).toContainEqual({ type: 'subscribe', topic: 'alarm', runId: 1 }), SETTLE);
    await waitFor(() => expect(screen.getByTestId('alarm-live').getAttribute('data-live')).toBe('true'), SETTLE);

    const GUIDANCE = alarm(13, { number: 13, kind: 'guidance', point: 'guidance.headHorizontal', name: 'Head horizontal deviation', content: 'Head horizontal deviation 112 mm beyond the alarm band 100 mm' });
    api.responses.set('alarm.currentQuery', current([GUIDANCE, OIL, THRUST]));
    act(() =>
      socket().deliver({ type: 'alarm', runId: 1, at: T0, level: 'error', title: 'Head horizontal deviation', body: { event: 'raised', alarmId: 13, point: 'guidance.headHorizontal', level: 'alarm' } }),
    );
    await waitFor(() => expect(rows()).toHaveLength(3), SETTLE);
    expect(row(13).textContent).toContain('Head horizontal deviation');
    await waitFor(() => expect(tones).toEqual([880, 660]), SETTLE);

    // Cleared and acknowledged: it leaves, without a sound.
    api.responses.set('alarm.currentQuery', current([OIL, THRUST]));
    act(() => socket().deliver({ type: 'alarm', runId: 1, at: T0, level: 'info', title: 'Acknowledged', body: { event: 'acked', alarmId: 13, point: 'guidance.headHorizontal', level: 'alarm' } }));
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(tones).toHaveLength(2);
  });

  it('reads again every 15 s while the socket is down, and stops once notices can arrive', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderRoutes(routes, '/fw1/alarm/present_alarm');
      await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
      expect(screen.getByTestId('alarm-live').textContent).toBe('Not live: read again every 15 s');
      const first = calledWith('alarm.currentQuery').length;
      await act(() => vi.advanceTimersByTimeAsync(15_500));
      await waitFor(() => expect(calledWith('alarm.currentQuery').length).toBe(first + 1), SETTLE);
      act(() => realtime.start());
      act(() => socket().connect());
      await waitFor(() => expect(screen.getByTestId('alarm-live').textContent).toBe('Live'), SETTLE);
      // The (re)connection reads once, for what may have been missed; then only notices do.
      await waitFor(() => expect(calledWith('alarm.currentQuery').length).toBe(first + 2), SETTLE);
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      expect(calledWith('alarm.currentQuery').length).toBe(first + 2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps silent for a backfilled alarm and while the sound is off', async () => {
    const tones = fakeAudio();
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    act(() => realtime.start());
    act(() => socket().connect());
    api.responses.set('alarm.currentQuery', current([alarm(14, { number: 14 }), OIL, THRUST]));
    act(() => socket().deliver({ type: 'alarm', runId: 1, at: T0, level: 'error', title: 'x', body: { event: 'raised', alarmId: 14, point: 'mainDrive.oilTemp', level: 'alarm' } }));
    await waitFor(() => expect(rows()).toHaveLength(3), SETTLE);
    fireEvent.click(screen.getByTestId('announce-toggle'));
    api.responses.set('alarm.currentQuery', current([alarm(15, { number: 15, backfill: true }), OIL, THRUST]));
    act(() => socket().deliver({ type: 'alarm', runId: 1, at: T0, level: 'error', title: 'x', body: { event: 'raised', alarmId: 15, point: 'mainDrive.oilTemp', level: 'alarm' } }));
    await waitFor(() => expect(within(row(15)).getByTestId('mark-backfill').textContent).toBe('Backfill'), SETTLE);
    expect(tones).toEqual([]);
  });

  it('refuses run settings whose guidance warning band is not narrower than the alarm band', async () => {
    useFramework.setState({ resources: [...HANDLE, 'alarm.settings.write'] });
    api.responses.set('alarm.settingsQuery', { escalateAfterMinutes: 30, longStopMinutes: 120, guidanceWarnMm: 50, guidanceAlarmMm: 100, groupWindowMinutes: 10 });
    api.responses.set('alarm.settingsEdit', (input: object) => input);
    renderRoutes(routes, '/fw1/alarm/present_alarm');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    fireEvent.click(screen.getByTestId('open-settings'));
    const dialog = await screen.findByTestId('settings-dialog', {}, SETTLE);
    expect((within(dialog).getByTestId('settings-guidance-warn') as HTMLInputElement).value).toBe('50');
    fireEvent.change(within(dialog).getByTestId('settings-guidance-warn'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-has-error [data-testid="settings-guidance-alarm"]')).not.toBeNull(), SETTLE);
    expect(await within(dialog).findByText('The guidance warning band must be narrower than the alarm band', {}, SETTLE)).toBeTruthy();
    expect(calledWith('alarm.settingsEdit')).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('settings-guidance-warn'), { target: { value: '60' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(calledWith('alarm.settingsEdit')).toEqual([{ runId: 1, escalateAfterMinutes: 30, longStopMinutes: 120, guidanceWarnMm: 60, guidanceAlarmMm: 100, groupWindowMinutes: 10 }]),
      SETTLE,
    );
  });
});
