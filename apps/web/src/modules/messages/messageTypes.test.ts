import { describe, expect, it } from 'vitest';
import { message } from './messages.fixture.js';
import { targetOf } from './messageTypes.js';

describe('where a message leads', () => {
  it('opens the page of its run that it is about', () => {
    expect(targetOf(message(1, 'componentAlarm'))).toEqual({ path: '/fw1/alarm/history_alarm', resource: 'menu.alarms', runId: 1 });
    expect(targetOf(message(2, 'monitoringAlarm', { runId: 4 }))).toEqual({ path: '/fw1/alarm/history_alarm', resource: 'menu.alarms', runId: 4 });
    expect(targetOf(message(3, 'maintenanceReminder'))).toEqual({ path: '/fw1/maintain/content', resource: 'menu.maintenance.content', runId: 1 });
    expect(targetOf(message(4, 'stockWarning'))).toEqual({ path: '/fw1/stock/stockCurrent', resource: 'menu.stock', runId: 1 });
    // The object named by the sender comes first.
    expect(targetOf(message(5, 'system', { object: { kind: 'repairLog', id: 8 } })).path).toBe('/fw1/stm_smtce/dashboard');
    expect(targetOf(message(6, 'maintenanceReminder', { object: { kind: 'riskPoint', id: 2 } })).path).toBe('/fw1/alarm/history_alarm');
    // A delivered report opens the run's subscriptions, with the delivery log.
    expect(targetOf(message(10, 'report', { runId: 3, object: { kind: 'reportDelivery', id: 610 } }))).toEqual({ path: '/fw1/report/subscriptions', resource: 'report.subscription.write', runId: 3 });
  });

  it('keeps announcements, system messages and messages of no run in the message list', () => {
    const list = { path: '/fw1/stm_smtce_message', resource: 'menu.messages.reminder', runId: null };
    expect(targetOf(message(7, 'announcement', { object: { kind: 'announcement', id: 3 } }))).toEqual(list);
    expect(targetOf(message(8, 'system'))).toEqual(list);
    expect(targetOf(message(9, 'componentAlarm', { runId: null }))).toEqual(list);
  });
});
