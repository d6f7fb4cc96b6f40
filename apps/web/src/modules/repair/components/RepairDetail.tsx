import { EditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { formatInstant, useFormat } from '../../../core/format.js';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { canUse, useFramework } from '../../../core/session.js';
import { type Fingerprint, publishRepair, type Repair, REPAIR_KEYS, useRepairDetail } from '../api.js';
import { CASE_STATE_LABELS, FAILURE_MODE_LABELS, STATE_LABELS } from '../labels.js';
import { DiagnoseButton } from './DiagnosisDrawer.js';
import { PhotoGallery, VideoList } from './FileViews.js';

const NONE = '—';

export function StateTag({ repair }: { repair: Pick<Repair, 'state' | 'caseState'> }) {
  const t = useT();
  return (
    <Space size={4}>
      <Tag color={repair.state === 'repaired' ? 'green' : 'orange'} data-testid="repair-state">
        {t(STATE_LABELS[repair.state])}
      </Tag>
      {repair.caseState === 'published' ? (
        <Tag color="blue" data-testid="repair-case-state">
          {t(CASE_STATE_LABELS.published)}
        </Tag>
      ) : null}
    </Space>
  );
}

export interface RepairDetailProps {
  runId: number;
  timeZone: string;
  /** The repair shown; null: closed. */
  repairId: number | null;
  /** Editing is offered on the run's own repairs (the repair list), not on a case of another run. */
  onEdit?: (repair: Repair) => void;
  onClose: () => void;
}

/** One repair with every field, its photos and videos, the alarm it came from and the machine's fingerprint; published or withdrawn as a case here. */
export function RepairDetail({ runId, timeZone, repairId, onEdit, onClose }: RepairDetailProps) {
  const t = useT();
  const detail = useRepairDetail(runId, repairId);
  const repair = detail.data;
  const canWrite = useFramework((s) => canUse(s, 'maintenance.repair.write'));
  const time = (ts: number | null) => (ts === null ? NONE : formatInstant(ts, timeZone, DATE_FORMATS.dateTime));
  return (
    <Drawer
      open={repairId !== null}
      onClose={onClose}
      size="large"
      title={repair ? repair.title : t('repairWeb.repair.detail')}
      destroyOnHidden
      data-testid="repair-detail"
      extra={
        repair ? (
          <Space>
            <DiagnoseButton runId={runId} source={{ repairId: repair.id }} />
            {canWrite && onEdit ? (
              <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(repair)} data-testid="repair-edit">
                {t('repairWeb.repair.edit')}
              </Button>
            ) : null}
            <PublishButton repair={repair} />
          </Space>
        ) : null
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={detail.error instanceof Error ? detail.error.message : t('repairWeb.common.failed')} />
      ) : !repair ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="repair-detail-body">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('repairWeb.field.state')}>
              <StateTag repair={repair} />
            </Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.ringNo')}>{repair.ringNo ?? NONE}</Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.finder')}>{repair.finder}</Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.foundAt')}>
              <span data-testid="detail-found-at">{time(repair.foundAt)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.system')}>{repair.system}</Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.component')}>{repair.component}</Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.description')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{repair.description}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.failureMode')}>{repair.failureMode ? t(FAILURE_MODE_LABELS[repair.failureMode]) : NONE}</Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.repairedAt')}>{time(repair.repairedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.cause')} span={2}>
              {repair.cause ?? NONE}
            </Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.result')} span={2}>
              {repair.result ?? NONE}
            </Descriptions.Item>
            <Descriptions.Item label={t('repairWeb.field.repairers')} span={2}>
              {repair.repairers ?? NONE}
            </Descriptions.Item>
            {repair.publishedAt !== null ? (
              <Descriptions.Item label={t('repairWeb.field.published')} span={2}>
                {time(repair.publishedAt)}
                {repair.publishedBy ? ` · ${repair.publishedBy.name}` : ''}
              </Descriptions.Item>
            ) : null}
            {repair.alarm ? (
              <Descriptions.Item label={t('repairWeb.field.alarm')} span={2}>
                <span data-testid="detail-alarm">
                  {repair.alarm.name} (<Typography.Text code>{repair.alarm.point}</Typography.Text>) · {time(repair.alarm.start)}
                </span>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <section>
            <Typography.Title level={5}>{t('repairWeb.field.photos')}</Typography.Title>
            <PhotoGallery files={repair.photos} />
          </section>
          <section>
            <Typography.Title level={5}>{t('repairWeb.field.videos')}</Typography.Title>
            <VideoList files={repair.videos} />
          </section>
          {repair.fingerprint ? <FingerprintView fingerprint={repair.fingerprint} timeZone={timeZone} /> : null}
        </Space>
      )}
    </Drawer>
  );
}

/** Publishes a repaired repair with its cause and result as a case, or withdraws it (the case publish code). */
function PublishButton({ repair }: { repair: Repair }) {
  const t = useT();
  const client = useQueryClient();
  const canPublish = useFramework((s) => canUse(s, 'maintenance.case.publish'));
  if (!canPublish) return null;
  const published = repair.caseState === 'published';
  const run = async () => {
    try {
      await publishRepair(repair.runId, repair.id, !published);
      notify.show('success', published ? t('repairWeb.case.withdrawn') : t('repairWeb.case.published'));
      await client.invalidateQueries({ queryKey: REPAIR_KEYS.run(repair.runId) });
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <Popconfirm title={published ? t('repairWeb.case.withdrawConfirm') : t('repairWeb.case.publishConfirm')} onConfirm={() => void run()} okText={t('repairWeb.common.ok')} cancelText={t('repairWeb.common.cancel')}>
      <Button size="small" type={published ? 'default' : 'primary'} icon={published ? <RollbackOutlined /> : <SendOutlined />} data-testid={published ? 'repair-withdraw' : 'repair-publish'}>
        {published ? t('repairWeb.case.withdraw') : t('repairWeb.case.publish')}
      </Button>
    </Popconfirm>
  );
}

/** The machine before the fault: the alarms of the 30 minutes before it and the key values 30 minutes before and at it. */
function FingerprintView({ fingerprint, timeZone }: { fingerprint: Fingerprint; timeZone: string }) {
  const t = useT();
  const f = useFormat();
  const value = (v: number | null, unit: string) => (v === null ? NONE : `${f.number(v)}${unit ? ` ${unit}` : ''}`);
  return (
    <section data-testid="repair-fingerprint">
      <Typography.Title level={5}>{t('repairWeb.fingerprint.title', { time: formatInstant(fingerprint.at, timeZone, DATE_FORMATS.dateTime) })}</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey={(a) => `${a.point}-${a.start}`}
        dataSource={fingerprint.alarms}
        locale={{ emptyText: t('repairWeb.fingerprint.noAlarms') }}
        data-testid="fingerprint-alarms"
        columns={[
          { key: 'start', title: t('repairWeb.fingerprint.alarmStart'), width: 150, render: (_: unknown, a) => formatInstant(a.start, timeZone, DATE_FORMATS.dateTimeSeconds) },
          { key: 'name', title: t('repairWeb.fingerprint.alarm'), render: (_: unknown, a) => `${a.name} (${a.point})` },
          { key: 'level', title: t('repairWeb.fingerprint.level'), width: 90, dataIndex: 'level' },
        ]}
      />
      <Table
        style={{ marginTop: 12 }}
        size="small"
        pagination={false}
        rowKey="tag"
        dataSource={fingerprint.values}
        locale={{ emptyText: t('repairWeb.fingerprint.noValues') }}
        data-testid="fingerprint-values"
        columns={[
          { key: 'name', title: t('repairWeb.fingerprint.value'), dataIndex: 'name' },
          { key: 'before', title: t('repairWeb.fingerprint.before'), width: 140, render: (_: unknown, v) => value(v.before, v.unit) },
          { key: 'at', title: t('repairWeb.fingerprint.at'), width: 140, render: (_: unknown, v) => value(v.at, v.unit) },
        ]}
      />
    </section>
  );
}
