import { useState } from 'react';
import { useBasicInfoRights, useDeviceInfo } from '../../basicInfoApi.js';
import { InfoView, useViewFormat } from './InfoView.js';
import { PERFORMANCE_FIELDS } from './performanceFields.js';
import { PerformanceForm } from './PerformanceForm.js';
import { useT } from '../../../../core/i18n.js';

/** What the TBM is built for (spec §3 performance): dimensions, speeds, thrust, pressures, weight, power. */
export function PerformanceTab({ runId, timeZone }: { runId: number; timeZone: string }) {
  const t = useT();
  const f = useViewFormat();
  const device = useDeviceInfo(runId);
  const rights = useBasicInfoRights();
  const [editing, setEditing] = useState(false);
  const data = device.data;
  const items = data
    ? PERFORMANCE_FIELDS.map((field) => ({ key: field.name, label: t(field.label), value: f.measure(data.performance[field.name], field.unit) }))
    : null;
  return (
    <InfoView
      title={t('project.basicInfo.tabs.performance')}
      testId="performance-info"
      loading={device.isLoading}
      items={items}
      editLabel={t('project.basicInfo.edit')}
      {...(rights.basicInfo ? { onEdit: () => setEditing(true) } : {})}
      updatedAt={data?.updatedAt ?? null}
      updatedBy={data?.updatedBy ?? null}
      timeZone={timeZone}
    >
      {data && editing ? <PerformanceForm device={data} onClose={() => setEditing(false)} /> : null}
    </InfoView>
  );
}
