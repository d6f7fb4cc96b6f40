import type { CalendarAnswer, MaintenancePlan, MaintenanceRecord, PlanDashboard } from './api.js';

/** 24/11/2026 08:00 UTC: 09:00 on the Milan site's clock (a Tuesday). */
export const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);
const DAY = 86_400_000;

/** A plan of the Milan run as the server answers it; overrides set what a test is about. */
export function plan(id: number, overrides: Partial<MaintenancePlan> = {}): MaintenancePlan {
  return {
    id,
    runId: 1,
    title: 'Main drive gear oil check',
    cycle: 'weekly',
    cycleName: 'Weekly',
    system: 'Main drive',
    component: 'Gearbox',
    content: 'Check oil level and take a sample',
    items: ['Oil level between marks', 'No metal particles on the magnetic plug'],
    creator: { id: 5, name: 'Giulia Rossi' },
    createdAt: T0 - 30 * DAY,
    nextTime: T0 + DAY,
    done: false,
    lastDoneAt: T0 - 6 * DAY,
    remark: null,
    trigger: 'calendar',
    counterKind: null,
    counterInterval: null,
    anchor: 'floating',
    state: 'due',
    counter: null,
    reminder: null,
    ...overrides,
  };
}

/** A counter plan: 500 cutterhead hours, 1,240 h on the counter, due at 1,500, forecast in five days. */
export const COUNTER_PLAN = plan(2, {
  title: 'Cutterhead seal grease',
  cycle: 'initial',
  cycleName: 'Initial',
  system: 'Cutterhead',
  component: 'Main seal',
  content: 'Grease the main seal',
  items: [],
  trigger: 'counter',
  counterKind: 'driveHours',
  counterInterval: 500,
  nextTime: null,
  state: 'upcoming',
  counter: { kind: 'driveHours', value: 1240, dueValue: 1500, forecastAt: T0 + 5 * DAY },
});

/** A record of the Milan run; overrides set what a test is about. */
export function record(id: number, overrides: Partial<MaintenanceRecord> = {}): MaintenanceRecord {
  return {
    id,
    runId: 1,
    planId: 1,
    project: 'Metro M4 Lot 3 – San Babila',
    equipment: 'S-1125',
    type: 'weekly',
    typeName: 'Weekly',
    time: T0 - 2 * DAY,
    system: 'Main drive',
    component: 'Gearbox',
    content: 'Check oil level and take a sample',
    done: true,
    items: [
      { text: 'Oil level between marks', condition: 'normal', note: null },
      { text: 'No metal particles on the magnetic plug', condition: 'abnormal', note: 'Fine particles found' },
    ],
    condition: 'abnormal',
    remark: 'Sample sent to the lab',
    maintainedBy: 'Marco Bianchi',
    checkedBy: 'Luca Verdi',
    reviewedBy: 'Giulia Rossi',
    enteredAt: T0 - 2 * DAY + 3_600_000,
    enteredBy: { id: 5, name: 'Giulia Rossi' },
    dueAt: T0 - 3 * DAY,
    late: false,
    ...overrides,
  };
}

export function dashboard(overrides: Partial<PlanDashboard> = {}): PlanDashboard {
  return {
    plans: 12,
    dueThisWeek: 3,
    overdue: 1,
    doneOnTime: 17,
    doneLate: 2,
    compliance: 85.5,
    dueThisWeekPlans: [plan(1)],
    overduePlans: [plan(3, { title: 'Screw conveyor wear check', system: 'Screw conveyor', component: null, state: 'overdue', nextTime: T0 - 4 * DAY })],
    complianceBySystem: [
      { system: 'Main drive', month: '2026-10', due: 4, onTime: 4, percent: 100 },
      { system: 'Main drive', month: '2026-11', due: 5, onTime: 4, percent: 80 },
      { system: 'Cutterhead', month: '2026-11', due: 2, onTime: 2, percent: 100 },
    ],
    abnormal: [record(7)],
    lastRecords: [record(7), record(6, { condition: 'normal', content: 'Grease the main seal', system: 'Cutterhead', component: 'Main seal' })],
    ...overrides,
  };
}

/** November 2026 in Milan: one occurrence per state, and a standby of 3 h 20 on 24/11. */
export const CALENDAR: CalendarAnswer = {
  entries: [
    { planId: 1, title: 'Main drive gear oil check', system: 'Main drive', component: 'Gearbox', cycle: 'weekly', dueAt: T0, state: 'due', recordId: null, doneAt: null },
    { planId: 1, title: 'Main drive gear oil check', system: 'Main drive', component: 'Gearbox', cycle: 'weekly', dueAt: T0 - 7 * DAY, state: 'done', recordId: 6, doneAt: T0 - 7 * DAY + 3_600_000 },
    { planId: 3, title: 'Screw conveyor wear check', system: 'Screw conveyor', component: null, cycle: 'monthly', dueAt: T0 - 4 * DAY, state: 'overdue', recordId: null, doneAt: null },
    { planId: 4, title: 'Grout pump valves', system: 'Grouting', component: null, cycle: 'weekly', dueAt: T0 - 14 * DAY, state: 'doneLate', recordId: 8, doneAt: T0 - 10 * DAY },
  ],
  standby: [{ start: T0 + 3_600_000, end: T0 + 3_600_000 + 200 * 60_000 }],
};
