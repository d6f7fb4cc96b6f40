import { adminContract as c, projectContract, SUBSYSTEM_NAME_KEYS, SUBSYSTEMS, type WarnSetting } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../core/api/client.js';
import { useAdminMutation } from '../useAdminMutation.js';
import { useT } from '../../../core/i18n.js';

const PAGE_SIZE = 20;
const THRESHOLDS = ['lowAlarm', 'lowWarn', 'highWarn', 'highAlarm'] as const;
type Threshold = (typeof THRESHOLDS)[number];
const THRESHOLD_LABELS: Record<Threshold, MessageKey> = {
  lowAlarm: 'admin.warn.lowAlarm',
  lowWarn: 'admin.warn.lowWarn',
  highWarn: 'admin.warn.highWarn',
  highAlarm: 'admin.warn.highAlarm',
};

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Part alarm settings (spec §2 sys_warn_setting): per project and monitored point, thresholds and switches. */
export function WarnSettingPage() {
  const t = useT();
  const { data: runs = [], isLoading: runsLoading } = useQuery({ queryKey: ['runOptions'], queryFn: () => call(projectContract.runQueryProject, {}) });
  const [chosenRun, setChosenRun] = useState<number | null>(null);
  const runId = chosenRun ?? runs[0]?.runId ?? null;
  const [subsystem, setSubsystem] = useState<string | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const selectedSubsystem = SUBSYSTEMS.find((s) => s === subsystem);
  const { data, isLoading } = useQuery({
    queryKey: ['warnSettings', runId, selectedSubsystem, keyword, page],
    enabled: runId !== null,
    queryFn: () =>
      call(c.warnSettingPage, {
        runId: runId ?? 0,
        page,
        pageSize: PAGE_SIZE,
        ...(selectedSubsystem ? { subsystem: selectedSubsystem } : {}),
        ...(keyword ? { keyword } : {}),
      }),
  });
  const [editing, setEditing] = useState<WarnSetting | null>(null);
  const [form] = Form.useForm();
  const close = () => setEditing(null);

  const save = useAdminMutation({
    run: (v: Record<string, unknown>) =>
      call(c.warnSettingUpdate, {
        runId: editing?.runId ?? 0,
        tagCode: editing?.tagCode ?? '',
        enabled: v.enabled === true,
        notify: v.notify === true,
        lowAlarm: numberOrNull(v.lowAlarm),
        lowWarn: numberOrNull(v.lowWarn),
        highWarn: numberOrNull(v.highWarn),
        highAlarm: numberOrNull(v.highAlarm),
        delaySeconds: numberOrNull(v.delaySeconds) ?? 0,
      }),
    success: t('common.outcome.editSuccess'),
    invalidate: ['warnSettings'],
    form,
    onDone: close,
  });

  const open = (setting: WarnSetting) => {
    form.resetFields();
    form.setFieldsValue(setting);
    setEditing(setting);
  };

  const formatBand = (s: WarnSetting, low: Threshold, high: Threshold) =>
    s[low] === null && s[high] === null ? '—' : `${s[low] ?? '−∞'} … ${s[high] ?? '+∞'}`;

  const orderRule = {
    validator: async () => {
      const values = Object.fromEntries(THRESHOLDS.map((k) => [k, numberOrNull(form.getFieldValue(k))]));
      const ordered = c.thresholdsOrdered({ lowAlarm: values.lowAlarm ?? null, lowWarn: values.lowWarn ?? null, highWarn: values.highWarn ?? null, highAlarm: values.highAlarm ?? null });
      if (!ordered) throw new Error(t('admin.warnSetting.unordered'));
    },
  };

  return (
    <Card
      title={t('shell.menu.partSetting')}
      extra={
        <Space wrap>
          <Select
            aria-label={t('admin.warn.project')}
            data-testid="warn-run"
            style={{ width: 340 }}
            popupMatchSelectWidth={false}
            loading={runsLoading}
            value={runId ?? undefined}
            placeholder={t('admin.warn.project')}
            options={runs.map((r) => ({ value: r.runId, label: `${r.projectName} · ${r.tbmCode}` }))}
            onChange={(v: number) => { setChosenRun(v); setPage(1); }}
          />
          <Select
            aria-label={t('admin.warn.subsystem')}
            allowClear
            style={{ width: 200 }}
            placeholder={t('admin.warn.allSubsystems')}
            value={selectedSubsystem}
            options={SUBSYSTEMS.map((s) => ({ value: s, label: t(SUBSYSTEM_NAME_KEYS[s]) }))}
            onChange={(v?: string) => { setSubsystem(v); setPage(1); }}
          />
          <Input.Search allowClear placeholder={t('admin.warn.search')} onSearch={(v) => { setKeyword(v); setPage(1); }} style={{ width: 220 }} />
        </Space>
      }
    >
      {runId === null && !runsLoading ? (
        <Empty description={t('common.error.noProject')} />
      ) : (
        <Table<WarnSetting>
          rowKey="tagCode"
          size="middle"
          loading={isLoading}
          data-testid="warn-table"
          dataSource={data?.records ?? []}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('admin.warn.point'), dataIndex: 'name', render: (name: string, s) => <><div>{name}</div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{s.tagCode}</Typography.Text></> },
            { title: t('admin.warn.subsystem'), dataIndex: 'subsystem', render: (s: WarnSetting['subsystem']) => t(SUBSYSTEM_NAME_KEYS[s]) },
            { title: t('admin.warn.unit'), dataIndex: 'unit', width: 90 },
            { title: t('admin.warn.range'), key: 'range', render: (_: unknown, s) => `${s.rangeMin} … ${s.rangeMax}` },
            { title: t('admin.warn.warnBand'), key: 'warn', render: (_: unknown, s) => formatBand(s, 'lowWarn', 'highWarn') },
            { title: t('admin.warn.alarmBand'), key: 'alarm', render: (_: unknown, s) => formatBand(s, 'lowAlarm', 'highAlarm') },
            {
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
            { title: t('admin.page.actions'), key: 'actions', width: 100, render: (_: unknown, s) => <Button size="small" onClick={() => open(s)}>{t('admin.page.edit')}</Button> },
          ]}
        />
      )}
      <Modal open={editing !== null} title={t('admin.warn.editTitle', { name: editing?.name ?? '' })} onCancel={close} onOk={() => form.submit()} confirmLoading={save.isPending} forceRender>
        <Form form={form} layout="vertical" onFinish={(values: Record<string, unknown>) => save.mutate(values)}>
          <Typography.Paragraph type="secondary">
            {t('admin.warn.bandHint')} {editing ? `(${t('admin.warn.range')}: ${editing.rangeMin} … ${editing.rangeMax} ${editing.unit})` : null}
          </Typography.Paragraph>
          <Space wrap>
            {THRESHOLDS.map((name) => (
              <Form.Item key={name} name={name} label={t(THRESHOLD_LABELS[name])} dependencies={THRESHOLDS.filter((k) => k !== name)} rules={[orderRule]}>
                <InputNumber style={{ width: 130 }} step={editing ? 10 ** -editing.precision : 1} suffix={editing?.unit || undefined} />
              </Form.Item>
            ))}
          </Space>
          <Space size="large" wrap>
            <Form.Item name="delaySeconds" label={t('admin.warn.delay')}><InputNumber min={0} max={3600} precision={0} style={{ width: 130 }} /></Form.Item>
            <Form.Item name="enabled" label={t('admin.warn.enabled')} valuePropName="checked"><Switch /></Form.Item>
            <Form.Item name="notify" label={t('admin.warn.notify')} valuePropName="checked"><Switch /></Form.Item>
          </Space>
        </Form>
      </Modal>
    </Card>
  );
}
