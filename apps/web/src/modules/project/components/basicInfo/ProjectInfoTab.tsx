import { useState } from 'react';
import { zoneOffset } from '../../../../core/format.js';
import { useBasicInfoRights, useProjectInfo } from '../../basicInfoApi.js';
import { InfoView, useViewFormat } from './InfoView.js';
import { ProjectInfoForm } from './ProjectInfoForm.js';
import { useT } from '../../../../core/i18n.js';

/** Project information (spec §3 Project): names, plan, tunnel and chainage, people, country and time zone. */
export function ProjectInfoTab({ runId }: { runId: number }) {
  const t = useT();
  const f = useViewFormat();
  const info = useProjectInfo(runId);
  const rights = useBasicInfoRights();
  const [editing, setEditing] = useState(false);
  const data = info.data;
  const items = data
    ? [
        { key: 'projectName', label: t('field.projectName'), value: data.projectName },
        { key: 'projectCode', label: t('field.projectCode'), value: data.projectCode },
        { key: 'lineName', label: t('field.lineName'), value: data.lineName },
        { key: 'plannedStart', label: t('field.plannedStart'), value: f.date(data.plannedStart) },
        { key: 'plannedCompletion', label: t('field.plannedCompletion'), value: f.date(data.plannedCompletion) },
        { key: 'totalRings', label: t('field.totalRings'), value: f.number(data.totalRings, 0) },
        { key: 'plannedRingsPerDay', label: t('field.plannedRingsPerDay'), value: data.plannedRingsPerDay === null ? '—' : f.number(data.plannedRingsPerDay) },
        { key: 'plannedLengthPerDay', label: t('field.plannedLengthPerDay'), value: f.measure(data.plannedLengthPerDay, 'm') },
        { key: 'tunnelLength', label: t('field.tunnelLength'), value: f.measure(data.tunnelLength, 'm') },
        { key: 'startChainage', label: t('field.startChainage'), value: f.chainage(data.startChainage) },
        { key: 'endChainage', label: t('field.endChainage'), value: f.chainage(data.endChainage) },
        { key: 'ringWidthMm', label: t('field.ringWidthMm'), value: f.measure(data.ringWidthMm, 'mm', 0) },
        { key: 'segmentSpec', label: t('field.segmentSpec'), value: f.text(data.segmentSpec) },
        { key: 'projectManager', label: t('field.projectManager'), value: f.text(data.projectManager) },
        { key: 'siteManager', label: t('field.siteManager'), value: f.text(data.siteManager) },
        { key: 'country', label: t('field.country'), value: f.country(data.country) },
        { key: 'timeZone', label: t('field.timeZone'), value: `${data.timeZone} (UTC${zoneOffset(data.timeZone)})` },
        { key: 'contacts', label: t('field.contacts'), value: <span style={{ whiteSpace: 'pre-line' }}>{f.text(data.contacts)}</span>, wide: true },
      ]
    : null;
  return (
    <InfoView
      title={t('project.basicInfo.tabs.project')}
      testId="project-info"
      loading={info.isLoading}
      items={items}
      editLabel={t('project.basicInfo.edit')}
      {...(rights.basicInfo ? { onEdit: () => setEditing(true) } : {})}
      updatedAt={data?.updatedAt ?? null}
      updatedBy={data?.updatedBy ?? null}
      timeZone={data?.timeZone ?? 'UTC'}
    >
      {data && editing ? <ProjectInfoForm info={data} onClose={() => setEditing(false)} /> : null}
    </InfoView>
  );
}
