import { adminContract as c, LIMITS, projectContract, SUBSYSTEM_NAME_KEYS, SUBSYSTEMS, type WarnSetting } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { DataTable } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { WarnSettingDialog } from '../components/WarnSettingDialog.js';

/** The alarm settings' address: the project, the subsystem, the search words, the page. */
const WarnFilterSchema = ListParamsSchema.extend({
  runId: z.coerce.number().int().positive().optional(),
  subsystem: z.enum(SUBSYSTEMS).optional(),
  keyword: z.string().trim().max(LIMITS.tagCodeMaxLength).optional(),
});

type Threshold = 'lowAlarm' | 'lowWarn' | 'highWarn' | 'highAlarm';

const formatBand = (s: WarnSetting, low: Threshold, high: Threshold) => (s[low] === null && s[high] === null ? '—' : `${s[low] ?? '−∞'} … ${s[high] ?? '+∞'}`);

/** Part alarm settings (spec §2 sys_warn_setting): per project and monitored point, thresholds and switches. */
export function WarnSettingPage() {
  const t = useT();
  const params = useQueryParams(WarnFilterSchema);
  const { data: runs = [], isLoading: runsLoading } = useQuery({ queryKey: ['runOptions'], queryFn: () => call(projectContract.runQueryProject, {}) });
  // A project the user may not (or no longer) see in the address falls back to their first one.
  const runId = runs.some((r) => r.runId === params.values.runId) ? (params.values.runId ?? null) : (runs[0]?.runId ?? null);
  const { page, pageSize, subsystem, keyword } = params.values;
  const settings = useQuery({
    queryKey: ['warnSettings', { runId, subsystem, keyword, page, pageSize }],
    enabled: runId !== null,
    placeholderData: keepPreviousData,
    queryFn: () => call(c.warnSettingPage, { runId: runId ?? 0, page, pageSize, ...(subsystem ? { subsystem } : {}), ...(keyword ? { keyword } : {}) }),
  });
  const [editing, setEditing] = useState<WarnSetting | null>(null);

  return (
    <Card title={t('shell.menu.partSetting')}>
      <QueryForm params={{ values: { ...params.values, runId: runId ?? undefined }, apply: params.apply }} searchOnChange={['runId', 'subsystem']}>
        <Form.Item name="runId">
          <Select
            aria-label={t('admin.warn.project')}
            data-testid="warn-run"
            style={{ width: 340 }}
            popupMatchSelectWidth={false}
            loading={runsLoading}
            placeholder={t('admin.warn.project')}
            options={runs.map((r) => ({ value: r.runId, label: `${r.projectName} · ${r.tbmCode}` }))}
          />
        </Form.Item>
        <Form.Item name="subsystem">
          <Select
            aria-label={t('admin.warn.subsystem')}
            allowClear
            style={{ width: 200 }}
            placeholder={t('admin.warn.allSubsystems')}
            options={SUBSYSTEMS.map((s) => ({ value: s, label: t(SUBSYSTEM_NAME_KEYS[s]) }))}
          />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('admin.warn.search')} style={{ width: 220 }} />
        </Form.Item>
      </QueryForm>
      {runId === null && !runsLoading ? (
        <Empty description={t('common.error.noProject')} />
      ) : (
        <DataTable<WarnSetting>
          source={settings}
          rowKey="tagCode"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf(next))}
          data-testid="warn-table"
          columns={[
            {
              key: 'name',
              title: t('admin.warn.point'),
              dataIndex: 'name',
              render: (name: string, s) => (
                <>
                  <div>{name}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {s.tagCode}
                  </Typography.Text>
                </>
              ),
            },
            { key: 'subsystem', title: t('admin.warn.subsystem'), dataIndex: 'subsystem', render: (s: WarnSetting['subsystem']) => t(SUBSYSTEM_NAME_KEYS[s]) },
            { key: 'unit', title: t('admin.warn.unit'), dataIndex: 'unit', width: 90 },
            { key: 'range', title: t('admin.warn.range'), render: (_: unknown, s) => `${s.rangeMin} … ${s.rangeMax}` },
            { key: 'warn', title: t('admin.warn.warnBand'), render: (_: unknown, s) => formatBand(s, 'lowWarn', 'highWarn') },
            { key: 'alarm', title: t('admin.warn.alarmBand'), render: (_: unknown, s) => formatBand(s, 'lowAlarm', 'highAlarm') },
            {
              key: 'enabled',
              title: t('admin.warn.enabled'),
              dataIndex: 'enabled',
              width: 110,
              render: (on: boolean, s) => (
                <Space size={4}>
                  <Tag color={on ? 'green' : 'default'}>{on ? t('admin.page.yes') : t('admin.page.no')}</Tag>
                  {s.updatedAt === null ? <Tag>{t('admin.warn.default')}</Tag> : null}
                </Space>
              ),
            },
            {
              key: 'actions',
              title: t('admin.page.actions'),
              width: 100,
              render: (_: unknown, s) => (
                <Button size="small" onClick={() => setEditing(s)}>
                  {t('admin.page.edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <WarnSettingDialog setting={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
