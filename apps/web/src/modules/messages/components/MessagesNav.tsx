import type { ReactNode } from 'react';
import { canUse, useFramework } from '../../../core/session.js';
import { type RouteTab, RouteTabs } from '../../../ui/RouteTabs.js';
import { MESSAGE_LIST_PATH, MESSAGE_LIST_RESOURCE, RUN_ALARM_PATH, RUN_MAINTENANCE_PATH } from '../messageTypes.js';

const ALL: RouteTab = { path: MESSAGE_LIST_PATH, label: 'messages.web.tab.all', testId: 'tab-all' };
const RUN_TABS: readonly RouteTab[] = [
  { path: RUN_MAINTENANCE_PATH, label: 'messages.web.tab.maintenance', testId: 'tab-maintenance' },
  { path: RUN_ALARM_PATH, label: 'messages.web.tab.alarm', testId: 'tab-alarm' },
];

/**
 * The message reminder's tabs: every message of the user, then the current project's maintenance
 * and alarm messages (spec §2 stm_smtce_message), each for the users who may read it.
 */
export function MessagesNav({ extra }: { extra?: ReactNode }) {
  const mayList = useFramework((s) => canUse(s, MESSAGE_LIST_RESOURCE));
  const mayReadRun = useFramework((s) => canUse(s, 'maintenance.message.read'));
  return <RouteTabs tabs={[...(mayList ? [ALL] : []), ...(mayReadRun ? RUN_TABS : [])]} extra={extra} data-testid="messages-nav" />;
}
