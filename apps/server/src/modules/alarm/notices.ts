import type { alarmContract, NoticeMessage } from '@boreline/contracts';

type AlarmNoticeBody = alarmContract.AlarmNoticeBody;
import type { Bus } from '../../core/bus.js';

const LEVEL_OF: Record<AlarmNoticeBody['event'], NoticeMessage['level']> = {
  raised: 'warning',
  escalatedToAlarm: 'error',
  cleared: 'info',
  acked: 'info',
  assigned: 'info',
  shelved: 'info',
  unshelved: 'info',
};

/**
 * Tells the pages watching a run's `alarm` topic, on every instance, that its alarms changed (the
 * body says how; pages read the current alarms again). A raised alarm of level `alarm` is an error.
 */
export function publishAlarmNotice(bus: Bus, runId: number, at: number, body: AlarmNoticeBody): void {
  const level = body.event === 'raised' && body.level === 'alarm' ? 'error' : LEVEL_OF[body.event];
  const message: NoticeMessage = { type: 'alarm', runId, at, level, title: body.event, body };
  bus.publish(JSON.stringify(message));
}
