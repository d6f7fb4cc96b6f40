import { DATE_FORMATS } from '@boreline/contracts';
import { Alert, Descriptions, Drawer, Skeleton, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { formatInstant, formatLocalDate, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { type Sheet, type SheetLine, useSheet } from '../api.js';
import { NONE, quantityText } from '../labels.js';

/** A sheet's state: valid, corrected (by which sheet), and what it corrects. */
export function SheetState({ sheet }: { sheet: Sheet }) {
  const t = useT();
  return (
    <span data-testid="sheet-state">
      <Tag color={sheet.state === 'valid' ? 'green' : 'default'}>{sheet.stateName}</Tag>
      {sheet.correctedBy ? <span className="stock-muted">{t('stockWeb.sheet.correctedBy', { number: sheet.correctedBy.number })}</span> : null}
      {sheet.corrects ? <span className="stock-muted">{t('stockWeb.sheet.correctionOf', { number: sheet.corrects.number })}</span> : null}
    </span>
  );
}

export interface SheetDetailProps {
  runId: number;
  timeZone: string;
  kind: 'in' | 'out';
  sheetId: number | null;
  onClose: () => void;
}

/** One sheet with its lines, state and correction (spec §3 stock dialog state). */
export function SheetDetail({ runId, timeZone, kind, sheetId, onClose }: SheetDetailProps) {
  const t = useT();
  const format = useFormat();
  const sheet = useSheet(runId, kind, sheetId);
  const data = sheet.data;
  const date = (d: string | null) => (d ? formatLocalDate(d, DATE_FORMATS.date) : NONE);
  return (
    <Drawer open={sheetId !== null} onClose={onClose} size="large" title={data ? t(kind === 'in' ? 'stockWeb.in.detailTitle' : 'stockWeb.out.detailTitle', { number: data.number }) : t('stockWeb.common.loading')} destroyOnHidden>
      {sheet.error ? <Alert type="error" showIcon title={sheet.error instanceof Error ? sheet.error.message : t('stockWeb.common.loadFailed')} /> : null}
      {sheet.isPending && sheetId !== null ? <Skeleton active /> : null}
      {data ? (
        <div data-testid="sheet-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t(kind === 'in' ? 'stockWeb.field.inNumber' : 'stockWeb.field.outNumber')}>{data.number}</Descriptions.Item>
            <Descriptions.Item label={t(kind === 'in' ? 'stockWeb.field.inDate' : 'stockWeb.field.outDate')}>{date(data.date)}</Descriptions.Item>
            {kind === 'in' ? (
              <>
                <Descriptions.Item label={t('stockWeb.field.type')}>{data.typeName ?? NONE}</Descriptions.Item>
                <Descriptions.Item label={t('stockWeb.field.reorderDate')}>{date(data.reorderDate)}</Descriptions.Item>
                <Descriptions.Item label={t('stockWeb.field.handler')}>{data.handler}</Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label={t('stockWeb.field.recipient')}>{data.recipient ?? NONE}</Descriptions.Item>
                <Descriptions.Item label={t('stockWeb.field.issuer')}>{data.handler}</Descriptions.Item>
                <Descriptions.Item label={t('stockWeb.field.maintenanceRecord')}>
                  {data.maintenanceRecord ? (
                    <Link to="/fw1/maintain/record">{`${formatInstant(data.maintenanceRecord.time, timeZone, DATE_FORMATS.dateTime)} · ${data.maintenanceRecord.content}`}</Link>
                  ) : (
                    NONE
                  )}
                </Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('stockWeb.field.state')}>
              <SheetState sheet={data} />
            </Descriptions.Item>
            {data.reason ? <Descriptions.Item label={t('stockWeb.field.reason')}>{data.reason}</Descriptions.Item> : null}
            <Descriptions.Item label={t('stockWeb.field.remark')}>{data.remark ?? NONE}</Descriptions.Item>
            <Descriptions.Item label={t('stockWeb.field.enteredBy')}>
              {`${data.enteredBy?.name ?? NONE} · ${formatInstant(data.enteredAt, timeZone, DATE_FORMATS.dateTime)}`}
            </Descriptions.Item>
          </Descriptions>
          <Table<SheetLine>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="partId"
            pagination={false}
            dataSource={data.lines}
            locale={{ emptyText: t('stockWeb.sheet.voided') }}
            data-testid="sheet-lines"
            columns={[
              { key: 'code', title: t('stockWeb.field.code'), dataIndex: 'code', width: 140 },
              { key: 'name', title: t('stockWeb.field.name'), dataIndex: 'name' },
              { key: 'quantity', title: t('stockWeb.field.quantity'), width: 120, align: 'right', render: (_: unknown, line) => quantityText(line.quantity, format.locale) },
              { key: 'unit', title: t('stockWeb.field.unit'), width: 80, render: (_: unknown, line) => line.unit ?? NONE },
            ]}
          />
        </div>
      ) : null}
    </Drawer>
  );
}
