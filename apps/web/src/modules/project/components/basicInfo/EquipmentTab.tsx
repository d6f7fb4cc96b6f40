import { Tag } from 'antd';
import { useState } from 'react';
import { useBasicInfoRights, useDeviceInfo } from '../../basicInfoApi.js';
import { MACHINE_TYPE_KEYS } from '../machineType.js';
import { EquipmentForm } from './EquipmentForm.js';
import { InfoView, useViewFormat } from './InfoView.js';
import { useT } from '../../../../core/i18n.js';

/** The TBM of the project (spec §3 TBM equipment): identity, maker, dates, owner and people. */
export function EquipmentTab({ runId, timeZone }: { runId: number; timeZone: string }) {
  const t = useT();
  const f = useViewFormat();
  const device = useDeviceInfo(runId);
  const rights = useBasicInfoRights();
  const [editing, setEditing] = useState(false);
  const data = device.data;
  const items = data
    ? [
        { key: 'tbmCode', label: t('field.tbmCode'), value: data.tbmCode },
        { key: 'machineType', label: t('project.list.machineType'), value: <Tag>{t(MACHINE_TYPE_KEYS[data.machineType])}</Tag> },
        { key: 'tbmName', label: t('field.tbmName'), value: f.text(data.tbmName) },
        { key: 'manufacturer', label: t('field.manufacturer'), value: f.text(data.manufacturer) },
        { key: 'cutterheadDiameter', label: t('field.cutterheadDiameter'), value: f.measure(data.cutterheadDiameter, 'm') },
        { key: 'serialNumber', label: t('field.serialNumber'), value: f.text(data.serialNumber) },
        { key: 'purchaseDate', label: t('field.purchaseDate'), value: f.date(data.purchaseDate) },
        { key: 'deliveryDate', label: t('field.deliveryDate'), value: f.date(data.deliveryDate) },
        { key: 'owner', label: t('field.owner'), value: f.text(data.owner) },
        { key: 'contractor', label: t('field.contractor'), value: f.text(data.contractor) },
        { key: 'responsiblePerson', label: t('field.responsiblePerson'), value: f.text(data.responsiblePerson) },
        { key: 'contactPhone', label: t('field.contactPhone'), value: f.text(data.contactPhone) },
      ]
    : null;
  return (
    <InfoView
      title={t('project.basicInfo.tabs.equipment')}
      testId="equipment-info"
      loading={device.isLoading}
      items={items}
      editLabel={t('project.basicInfo.edit')}
      {...(rights.basicInfo ? { onEdit: () => setEditing(true) } : {})}
      updatedAt={data?.updatedAt ?? null}
      updatedBy={data?.updatedBy ?? null}
      timeZone={timeZone}
    >
      {data && editing ? <EquipmentForm device={data} onClose={() => setEditing(false)} /> : null}
    </InfoView>
  );
}
