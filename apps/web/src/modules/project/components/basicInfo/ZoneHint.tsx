import { Alert } from 'antd';
import { zoneOffset } from '../../../../core/format.js';
import { useT } from '../../../../core/i18n.js';

/** Shift times are the site's clock, wherever the reader sits: the zone is named with today's offset. */
export function ZoneHint({ timeZone }: { timeZone: string }) {
  const t = useT();
  return <Alert type="info" showIcon title={t('project.basicInfo.shift.zoneHint', { zone: timeZone, offset: zoneOffset(timeZone) })} data-testid="shift-zone" />;
}
