import { WarningOutlined } from '@ant-design/icons';
import type { riskContract } from '@boreline/contracts';
import { Tag, Tooltip } from 'antd';
import { useT } from '../../../core/i18n.js';
import { canUse, useFramework } from '../../../core/session.js';
import { useRiskCurrent } from '../api.js';

const COLORS: Record<riskContract.RiskState, string> = { ahead: 'blue', approaching: 'orange', inside: 'red', passed: 'default' };

/**
 * The risk zone the machine is in, or the next one ahead with the rings to it; shown to users who
 * may read the run's risk points (home board, real-time header). Read again every minute.
 */
export function NearestRiskZone({ runId }: { runId: number | null }) {
  const t = useT();
  const allowed = useFramework((s) => canUse(s, 'alarm.risk.read'));
  const current = useRiskCurrent(runId, allowed);
  if (!allowed || runId === null || !current.data) return null;
  const zone = current.data.nearest;
  const text = !zone
    ? t('risk.nearest.none')
    : zone.state === 'inside'
      ? t('risk.nearest.inside', { name: `${zone.code} ${zone.name}` })
      : t('risk.nearest.ahead', { name: `${zone.code} ${zone.name}`, rings: zone.ringsToGo ?? 0 });
  return (
    <Tooltip title={t('risk.nearest.label')}>
      <Tag color={zone ? COLORS[zone.state] : 'default'} icon={zone ? <WarningOutlined /> : undefined} data-testid="nearest-risk-zone" data-state={zone?.state ?? 'none'}>
        {t('risk.nearest.label')}: {text}
      </Tag>
    </Tooltip>
  );
}
