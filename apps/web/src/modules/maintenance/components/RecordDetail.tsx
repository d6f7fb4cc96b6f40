import { DATE_FORMATS } from '@boreline/contracts';
import { Descriptions, Modal, Skeleton, Table, Tag } from 'antd';
import { formatInstant } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { type MaintenanceRecord, useRecordDetail } from '../api.js';
import { CONDITION_LABELS } from '../labels.js';
import { RepairCreateButton } from '../../repair/index.js';

const NONE = '—';

/** The condition of a record or item: normal green, abnormal red. */
export function ConditionTag({ condition }: { condition: MaintenanceRecord['condition'] }) {
  const t = useT();
  return (
    <Tag color={condition === 'abnormal' ? 'red' : 'green'} data-testid="mtce-condition">
      {t(CONDITION_LABELS[condition])}
    </Tag>
  );
}

export interface RecordDetailProps {
  runId: number;
  timeZone: string;
  /** The record shown; null: closed. */
  recordId: number | null;
  onClose: () => void;
}

/** Every field of one record with its checklist; an abnormal item offers a repair record. */
export function RecordDetail({ runId, timeZone, recordId, onClose }: RecordDetailProps) {
  const t = useT();
  const detail = useRecordDetail(runId, recordId);
  const record = detail.data;
  const time = (ts: number | null) => (ts === null ? NONE : formatInstant(ts, timeZone, DATE_FORMATS.dateTime));
  return (
    <Modal open={recordId !== null} title={t('maintenanceWeb.record.detail')} footer={null} onCancel={onClose} width={820} destroyOnHidden>
      {record ? (
        <div data-testid="record-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('maintenanceWeb.field.project')}>{record.project}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.equipment')}>{record.equipment}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.type')}>{record.typeName}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.time')}>
              <span data-testid="detail-time">{time(record.time)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.system')}>{record.system}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.component')}>{record.component ?? NONE}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.content')} span={2}>
              {record.content}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.done')}>{record.done ? t('maintenanceWeb.common.yes') : t('maintenanceWeb.common.no')}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.condition')}>
              <ConditionTag condition={record.condition} />
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.dueAt')}>{time(record.dueAt)}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.punctuality')}>
              {record.dueAt === null ? NONE : record.late ? t('maintenance.state.doneLate') : t('maintenanceWeb.record.onTime')}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.maintainedBy')}>{record.maintainedBy}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.checkedBy')}>{record.checkedBy}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.reviewedBy')}>{record.reviewedBy}</Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.enteredBy')}>
              {record.enteredBy?.name ?? NONE} · {time(record.enteredAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('maintenanceWeb.field.remark')} span={2}>
              {record.remark ?? NONE}
            </Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            pagination={false}
            rowKey="n"
            dataSource={record.items.map((item, n) => ({ ...item, n }))}
            locale={{ emptyText: t('maintenanceWeb.record.noItems') }}
            data-testid="detail-items"
            columns={[
              { key: 'text', title: t('maintenanceWeb.field.items'), dataIndex: 'text' },
              { key: 'condition', title: t('maintenanceWeb.field.condition'), width: 120, render: (_: unknown, item) => <ConditionTag condition={item.condition} /> },
              { key: 'note', title: t('maintenanceWeb.field.note'), render: (_: unknown, item) => item.note ?? NONE },
              {
                key: 'repair',
                title: '',
                width: 190,
                render: (_: unknown, item) =>
                  item.condition === 'abnormal' ? (
                    <RepairCreateButton
                      prefill={{
                        system: record.system,
                        component: record.component ?? '',
                        title: item.text,
                        description: [record.content, item.text, item.note].filter((part): part is string => Boolean(part)).join('\n'),
                        maintenanceRecordId: record.id,
                      }}
                    />
                  ) : null,
              },
            ]}
          />
        </div>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
