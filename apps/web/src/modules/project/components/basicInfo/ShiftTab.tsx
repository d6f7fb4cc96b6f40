import { EditOutlined, MoonOutlined } from '@ant-design/icons';
import type { shiftContract } from '@boreline/contracts';
import { Alert, Button, Flex, Result, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useFormat } from '../../../../core/format.js';
import { useBasicInfoRights, useShifts } from '../../basicInfoApi.js';
import { ShiftForm } from './ShiftForm.js';
import { ZoneHint } from './ZoneHint.js';
import { useT } from '../../../../core/i18n.js';

/** The shifts of the project (spec §3 Shift, §5): wall-clock times of the site, saved as a whole list. */
export function ShiftTab({ runId }: { runId: number }) {
  const t = useT();
  const f = useFormat();
  const shifts = useShifts(runId);
  const rights = useBasicInfoRights();
  const [editing, setEditing] = useState(false);
  const data = shifts.data;
  if (!shifts.isLoading && !data) return <Result status="warning" title={t('common.error.noData')} />;
  return (
    <section aria-label={t('project.basicInfo.tabs.shifts')} data-testid="shift-info">
      <Flex justify="space-between" align="start" gap={16} style={{ marginBottom: 12 }}>
        <Flex vertical gap={8} style={{ flex: 1 }}>
          {data ? <ZoneHint timeZone={data.timeZone} /> : null}
          {data?.isDefault ? <Alert type="warning" showIcon title={t('project.basicInfo.shift.defaults')} data-testid="shift-defaults" /> : null}
        </Flex>
        {rights.shifts ? (
          <Button type="primary" icon={<EditOutlined />} disabled={!data} onClick={() => setEditing(true)}>
            {t('project.basicInfo.shift.edit')}
          </Button>
        ) : null}
      </Flex>
      <Table<shiftContract.Shift>
        rowKey={(s) => s.shiftId ?? s.name}
        size="middle"
        pagination={false}
        loading={shifts.isLoading}
        dataSource={data?.shifts ?? []}
        data-testid="shift-table"
        columns={[
          { title: t('field.name'), dataIndex: 'name' },
          {
            title: t('project.basicInfo.shift.time'),
            key: 'time',
            render: (_: unknown, s) => (
              <Space size={6}>
                <span data-testid="shift-span">{`${s.start}–${s.end}`}</span>
                {s.crossesMidnight ? (
                  <Tag icon={<MoonOutlined />} color="geekblue">
                    {t('project.basicInfo.shift.crossesMidnight')}
                  </Tag>
                ) : null}
              </Space>
            ),
          },
          { title: t('project.basicInfo.shift.duration'), dataIndex: 'durationMinutes', render: (minutes: number) => f.duration(minutes * 60_000) },
          { title: t('field.handoverTime'), dataIndex: 'handoverTime' },
          { title: t('field.responsiblePerson'), dataIndex: 'responsiblePerson', render: (v: string | null) => v ?? '—' },
          { title: t('field.contact'), dataIndex: 'contact', render: (v: string | null) => v ?? '—' },
        ]}
      />
      {data && editing ? <ShiftForm shiftSet={data} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
