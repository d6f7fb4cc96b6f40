import { InboxOutlined } from '@ant-design/icons';
import { formatChainage, graphContract as g } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, InputNumber, Modal, Progress, Result, Space, Upload } from 'antd';
import { useState } from 'react';
import { fieldProblems } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { acceptAttribute, checkFile, useFileTexts } from '../../../ui/fileChecks.js';
import { GRAPH_KEYS } from '../api.js';
import { type AlignmentImportReport, importAlignment } from '../mapApi.js';

const TYPES = ['csv', 'txt', 'geojson', 'json'] as const;

/**
 * What a refusal names: the server refuses a file with a refused row as a whole, each row's problem
 * (`Row 3: "abc" is not a number`) a field problem of `file` (the EPSG field's of `epsg`); any other
 * refusal is its message.
 */
export function refusalLines(error: unknown): string[] {
  const problems = fieldProblems(error).map((p) => p.message);
  if (problems.length > 0) return problems;
  return [error instanceof Error ? error.message : String(error)];
}

type Step =
  | { kind: 'choose'; refusal: string | null }
  | { kind: 'sending'; name: string; percent: number }
  | { kind: 'done'; report: AlignmentImportReport }
  | { kind: 'refused'; lines: string[] };

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
      await queryClient.invalidateQueries({ queryKey: GRAPH_KEYS.run(runId) });
    } catch (error) {
      setStep({ kind: 'refused', lines: refusalLines(error) });
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
            <Alert
              type="error"
              showIcon
              role="alert"
              data-testid="alignment-refusal"
              title={t('graphMap.import.refused')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 240, overflowY: 'auto' }}>
                  {step.lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              }
            />
            {again}
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
