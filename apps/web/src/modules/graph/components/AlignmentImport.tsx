import { InboxOutlined } from '@ant-design/icons';
import { formatChainage, graphContract as g } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, InputNumber, Modal, Progress, Result, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { acceptAttribute, checkFile, useFileTexts } from '../../../ui/fileChecks.js';
import { type AlignmentImportReport, importAlignment, MAP_KEYS } from '../mapApi.js';

const TYPES = ['csv', 'txt', 'geojson', 'json'] as const;

/** A refused row as the server may list it with its refusal. */
interface RefusedRow {
  row: number;
  column: string | null;
  message: string;
}

/** The rows a refusal names, when the server lists them in its data (`refused` or `rows`). */
export function refusedRows(error: unknown): RefusedRow[] {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return [];
  const data = error.data as Record<string, unknown>;
  const list = Array.isArray(data.refused) ? data.refused : Array.isArray(data.rows) ? data.rows : [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const r = item as Record<string, unknown>;
    if (typeof r.row !== 'number' || typeof r.message !== 'string') return [];
    return [{ row: r.row, column: typeof r.column === 'string' ? r.column : null, message: r.message }];
  });
}

type Step =
  | { kind: 'choose'; refusal: string | null }
  | { kind: 'sending'; name: string; percent: number }
  | { kind: 'done'; report: AlignmentImportReport }
  | { kind: 'refused'; message: string; rows: RefusedRow[] };

/**
 * Imports the run's GIS alignment: the grid's EPSG code (the settings' one unless changed), then a
 * CSV of chainage, easting, northing or a GeoJSON file, checked in the browser before it is sent;
 * the report (points, length, chainages) or the refusal with the rows it names.
 */
export function AlignmentImportDialog({ runId, open, epsg, onClose }: { runId: number; open: boolean; epsg: number | null; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const files = useFileTexts(TYPES, g.GRAPH_LIMITS.alignmentImportMaxBytes);
  const [code, setCode] = useState<number | null>(epsg);
  const [step, setStep] = useState<Step>({ kind: 'choose', refusal: null });
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setStep({ kind: 'choose', refusal: null });
      setCode(epsg);
    }
  }

  const send = async (file: File) => {
    setStep({ kind: 'sending', name: file.name, percent: 0 });
    try {
      const report = await importAlignment(runId, code, file, (percent) => setStep((s) => (s.kind === 'sending' ? { ...s, percent } : s)));
      setStep({ kind: 'done', report });
      await queryClient.invalidateQueries({ queryKey: MAP_KEYS.run(runId) });
    } catch (error) {
      setStep({ kind: 'refused', message: error instanceof Error ? error.message : String(error), rows: refusedRows(error) });
    }
  };

  const chosen = (file: File) => {
    const refusal = checkFile(file, TYPES, g.GRAPH_LIMITS.alignmentImportMaxBytes);
    if (refusal) setStep({ kind: 'choose', refusal: files.refusal(refusal) });
    else void send(file);
    return Upload.LIST_IGNORE;
  };

  const sending = step.kind === 'sending';
  const again = <Button onClick={() => setStep({ kind: 'choose', refusal: null })}>{t('graphMap.import.another')}</Button>;
  return (
    <Modal
      open={open}
      title={t('graphMap.import.title')}
      onCancel={() => (sending ? undefined : onClose())}
      maskClosable={!sending}
      width={640}
      destroyOnHidden
      footer={
        <Button onClick={onClose} disabled={sending}>
          {t('graphMap.import.close')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="alignment-import">
        {step.kind === 'choose' ? (
          <>
            <Alert type="info" showIcon role="note" title={t('graphMap.import.formats')} />
            <Form layout="vertical">
              <Form.Item label={t('graphMap.import.epsg')} extra={t('graphMap.import.epsgHint')} style={{ marginBottom: 0 }}>
                <InputNumber min={1024} max={999999} precision={0} value={code} onChange={(v) => setCode(typeof v === 'number' ? v : null)} style={{ width: 200 }} data-testid="alignment-epsg" />
              </Form.Item>
            </Form>
            <Upload.Dragger accept={acceptAttribute(TYPES)} multiple={false} showUploadList={false} beforeUpload={chosen} data-testid="alignment-file">
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('graphMap.import.choose')}</p>
              <p className="ant-upload-hint">{t('graphMap.import.limits', { types: files.typeList, size: files.size })}</p>
            </Upload.Dragger>
            {step.refusal ? <Alert type="error" showIcon title={step.refusal} role="alert" data-testid="alignment-file-refusal" /> : null}
          </>
        ) : null}
        {step.kind === 'sending' ? <Progress percent={step.percent} aria-label={t('graphMap.import.sending', { name: step.name })} /> : null}
        {step.kind === 'done' ? (
          <>
            <Result status="success" title={t('graphMap.import.done', { count: step.report.points })} extra={again} />
            <Descriptions size="small" column={1} bordered data-testid="alignment-report">
              <Descriptions.Item label={t('graphMap.import.length')}>{t('graphMap.import.metres', { value: step.report.length.toFixed(1) })}</Descriptions.Item>
              <Descriptions.Item label={t('graphMap.import.from')}>{formatChainage(step.report.firstChainage)}</Descriptions.Item>
              <Descriptions.Item label={t('graphMap.import.to')}>{formatChainage(step.report.lastChainage)}</Descriptions.Item>
              <Descriptions.Item label={t('graphMap.import.epsg')}>{step.report.epsg === null ? '—' : `EPSG:${step.report.epsg}`}</Descriptions.Item>
            </Descriptions>
          </>
        ) : null}
        {step.kind === 'refused' ? (
          <>
            <Alert type="error" showIcon title={t('graphMap.import.refused')} description={step.message} role="alert" data-testid="alignment-refusal" />
            {step.rows.length > 0 ? (
              <Table
                size="small"
                rowKey={(r) => `${r.row}:${r.column ?? ''}:${r.message}`}
                dataSource={step.rows}
                pagination={step.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                data-testid="alignment-refused"
                columns={[
                  { key: 'row', title: t('ui.import.row'), dataIndex: 'row', width: 80 },
                  { key: 'column', title: t('ui.import.column'), dataIndex: 'column', width: 140, render: (column: string | null) => column ?? '—' },
                  { key: 'message', title: t('ui.import.problem'), dataIndex: 'message' },
                ]}
              />
            ) : null}
            {again}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
