import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { FINGERPRINT, suggestion, T0 } from '../repair.fixture.js';
import { DiagnoseButton } from './DiagnosisDrawer.js';
import { RepairCreateButton } from './RepairDialog.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const READER = ['menu.maintenance.management', 'maintenance.repair.read'];

const THREE = {
  query: 'Main seal pressure low',
  suggestions: [
    suggestion('case', 7, {
      title: 'Perdita olio tenuta cuscinetto principale',
      snippet: { text: 'Oil under the main seal, pressure low', marks: [[19, 23], [25, 33]] },
      reasons: [
        { kind: 'terms', text: 'seal, pressure' },
        { kind: 'samePoint', text: 'MD_SEAL_P' },
        { kind: 'similarValues', text: 'Main seal pressure 2.1 → 0.8 bar' },
      ],
      helpful: 3,
    }),
    suggestion('knowledge', 4, { title: 'Main drive seal replacement procedure', runId: 2, reasons: [{ kind: 'sameSystem', text: 'Main drive' }], helpful: 0 }),
    suggestion('alarmSuggestion', 31, { title: 'Main seal pressure low', snippet: { text: 'Check the seal grease pump', marks: [] }, reasons: [{ kind: 'alarmSuggestion', text: 'The alarm’s own advice' }], helpful: 0 }),
  ],
};

function renderButtons(resources = READER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes(
    [
      {
        path: '/fw1/alarm/present_alarm',
        element: (
          <>
            <DiagnoseButton runId={1} source={{ alarmId: 31 }} />
            <RepairCreateButton alarmId={31} />
          </>
        ),
        handle: { name: 'alarmPresent', resource: 'menu.alarms' },
      },
      { path: '/fw1/stm_smtce/case', element: <p>case page</p>, handle: { name: 'repairCases', resource: 'menu.maintenance.management' } },
    ],
    '/fw1/alarm/present_alarm',
  );
}

describe('diagnosis drawer and the alarm’s repair button', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('repair.diagnose', THREE);
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('ranks three cited suggestions for an alarm: kind, title, marked snippet, reasons and a link to the source', async () => {
    renderButtons();
    await user.click(await screen.findByTestId('diagnose', {}, SETTLE));
    const items = await screen.findAllByTestId('diagnosis-suggestion', {}, SETTLE);
    expect(calledWith('repair.diagnose')).toEqual([{ runId: 1, alarmId: 31 }]);
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['case', 'knowledge', 'alarmSuggestion']);
    const first = within(items[0] as HTMLElement);
    expect(first.getByTestId('suggestion-title').textContent).toBe('Perdita olio tenuta cuscinetto principale');
    expect([...first.getByTestId('suggestion-snippet').querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['seal', 'pressure']);
    expect(within(first.getByTestId('suggestion-reasons')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Words seal, pressure',
      'Same point MD_SEAL_P',
      'Similar values Main seal pressure 2.1 → 0.8 bar',
    ]);
    expect(items.map((item) => within(item).getByTestId('suggestion-source').getAttribute('href'))).toEqual([
      '/fw1/stm_smtce/case?open=7&openRun=1',
      '/fw1/stm_smtce/knowledge?open=4&openRun=2',
      '/fw1/alarm/history_alarm?open=31',
    ]);
    expect(screen.getByTestId('diagnosis-query').textContent).toBe('Searched for: Main seal pressure low');
  });

  it('marks a suggestion helpful and shows the new counts', async () => {
    api.responses.set('repair.diagnosisFeedback', { helpful: 4, notHelpful: 1 });
    renderButtons();
    await user.click(await screen.findByTestId('diagnose', {}, SETTLE));
    const items = await screen.findAllByTestId('diagnosis-suggestion', {}, SETTLE);
    const first = within(items[0] as HTMLElement);
    expect(first.getByTestId('suggestion-helpful').textContent).toBe('Helpful (3)');
    await user.click(first.getByTestId('suggestion-helpful'));
    await waitFor(() => expect(first.getByTestId('suggestion-helpful').textContent).toBe('Helpful (4)'), SETTLE);
    expect(first.getByTestId('suggestion-not-helpful').textContent).toBe('Not helpful (1)');
    expect(calledWith('repair.diagnosisFeedback')).toEqual([{ runId: 1, kind: 'case', id: 7, helpful: true }]);
  });

  it('searches the words typed instead, and says there is no answer without a source', async () => {
    renderButtons();
    await user.click(await screen.findByTestId('diagnose', {}, SETTLE));
    await screen.findAllByTestId('diagnosis-suggestion', {}, SETTLE);
    api.responses.set('repair.diagnose', { query: '漏油', suggestions: [] });
    const box = within(screen.getByTestId('diagnosis-drawer')).getByRole('searchbox');
    await user.clear(box);
    await user.type(box, '漏油{Enter}');
    await waitFor(() => expect(calledWith('repair.diagnose').at(-1)).toEqual({ runId: 1, text: '漏油' }), SETTLE);
    expect((await screen.findByTestId('diagnosis-empty', {}, SETTLE)).textContent).toContain('nothing is suggested without a source');
  });

  it('follows a source link to the case', async () => {
    const router = renderButtons();
    await user.click(await screen.findByTestId('diagnose', {}, SETTLE));
    const items = await screen.findAllByTestId('diagnosis-suggestion', {}, SETTLE);
    await user.click(within(items[0] as HTMLElement).getByTestId('suggestion-source'));
    await waitFor(() => expect(router.state.location.search).toBe('?open=7&openRun=1'), SETTLE);
    expect(await screen.findByText('case page', {}, SETTLE)).toBeTruthy();
  });

  it('opens the repair form filled from the alarm (point’s system and part, title, values, time) for a writer only', async () => {
    api.responses.set('repair.fromAlarm', {
      foundAt: T0,
      system: 'Main drive',
      component: 'Main bearing seal',
      title: 'Main seal pressure low',
      description: 'MD_SEAL_P 0.8 bar (limit 1.5 bar)',
      ringNo: 845,
      alarmId: 31,
      fingerprint: FINGERPRINT,
    });
    renderButtons();
    await screen.findByTestId('diagnose', {}, SETTLE);
    expect(screen.queryByTestId('create-repair-record')).toBeNull();
    cleanup();
    renderButtons([...READER, 'maintenance.repair.write']);
    await user.click(await screen.findByTestId('create-repair-record', {}, SETTLE));
    const dialog = await screen.findByTestId('repair-dialog', {}, SETTLE);
    expect(calledWith('repair.fromAlarm')).toEqual([{ runId: 1, alarmId: 31 }]);
    expect((within(dialog).getByLabelText('System') as HTMLInputElement).value).toBe('Main drive');
    expect((within(dialog).getByLabelText('Part') as HTMLInputElement).value).toBe('Main bearing seal');
    expect((within(dialog).getByLabelText('Fault title') as HTMLInputElement).value).toBe('Main seal pressure low');
    expect((within(dialog).getByLabelText('Fault description') as HTMLTextAreaElement).value).toBe('MD_SEAL_P 0.8 bar (limit 1.5 bar)');
    expect(within(dialog).getByTestId('repair-from-alarm')).toBeTruthy();
  });

  it('shows no diagnose button without the repair read code', async () => {
    renderButtons(['menu.alarms']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('diagnose')).toBeNull();
  });
});
