import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { zoneOffset } from '../../../../core/format.js';

/** Shift times are the site's clock, wherever the reader sits: the zone is named with today's offset. */
export function ZoneHint({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  return <Alert type="info" showIcon title={t('project.basicInfo.shift.zoneHint', { zone: timeZone, offset: zoneOffset(timeZone) })} data-testid="shift-zone" />;
}
