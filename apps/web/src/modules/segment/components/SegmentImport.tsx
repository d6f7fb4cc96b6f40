import { segmentContract as s } from '@boreline/contracts';
import { Alert, Button, Form, InputNumber, Modal, Space } from 'antd';
import { useState } from 'react';
import { parseForm } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { ImportDialog, type ImportReport } from '../../../ui/ImportDialog.js';
import { type DatasetKind, type DuplicateChoice, downloadTemplate, type ImportRange, importRecords, SEGMENT_IMPORT_MAX_BYTES, type SegmentImportReport } from '../api.js';

/** The import form's range as the server checks it (spec §5: start ring below end ring). */
const RANGE_SCHEMA = s.SegmentImportFormSchema;

export interface SegmentImportProps {
  kind: DatasetKind;
  runId: number;
  open: boolean;
  title: string;
  onClose: () => void;
  /** Rows were written (or the import stopped): the page shows the report's missing rings and refreshes. */
  onImported: (report: SegmentImportReport) => void;
}

type Decision = { duplicates: number[]; resolve: (choice: DuplicateChoice | null) => void } | null;

/**
 * An import of one dataset: first the ring range the file covers, then the file (template, type and
 * size checked in the browser). When the server finds rings already stored it writes nothing and
 * names them: the user chooses to replace or skip them and the file is sent again with the choice.
 */
export function SegmentImport({ kind, runId, open, title, onClose, onImported }: SegmentImportProps) {
  const t = useT();
  const [form] = Form.useForm<{ ringStart: number | null; ringEnd: number | null }>();
  const [range, setRange] = useState<ImportRange | null>(null);
  const [decision, setDecision] = useState<Decision>(null);

  const handleRange = () => {
    const v = form.getFieldsValue();
    const parsed = parseForm(RANGE_SCHEMA, { runId: String(runId), ringStart: v.ringStart === null || v.ringStart === undefined ? undefined : String(v.ringStart), ringEnd: v.ringEnd === null || v.ringEnd === undefined ? undefined : String(v.ringEnd) }, form, t);
    if (parsed) setRange({ ringStart: parsed.ringStart, ringEnd: parsed.ringEnd });
  };

  const ask = (duplicates: number[]) => new Promise<DuplicateChoice | null>((resolve) => setDecision({ duplicates, resolve }));
  const decide = (choice: DuplicateChoice | null) => {
    decision?.resolve(choice);
    setDecision(null);
  };

  const upload = async (file: File, onProgress: (percent: number) => void): Promise<ImportReport> => {
    const at = range ?? { ringStart: 0, ringEnd: 0 };
    let report = await importRecords(kind, runId, at, 'ask', file, onProgress);
    if (report.needsDecision) {
      const choice = await ask(report.duplicates);
      if (choice === null) return { imported: 0, refused: [] };
      report = await importRecords(kind, runId, at, choice, file, onProgress);
    }
    onImported(report);
    return report;
  };

  const close = () => {
    setRange(null);
    form.resetFields();
    onClose();
  };

  return (
    <>
      <Modal
        open={open && range === null}
        title={title}
        onCancel={close}
        onOk={handleRange}
        okText={t('segmentWeb.import.next')}
        cancelText={t('ui.dialog.cancel')}
        destroyOnHidden
        width={480}
      >
        <p>{t('segmentWeb.import.rangeHint')}</p>
        <Form form={form} layout="inline" onFinish={handleRange} data-testid="import-range">
          <Form.Item name="ringStart" label={t('field.ringStart')} required>
            <InputNumber style={{ width: 120 }} data-testid="import-ring-start" />
          </Form.Item>
          <Form.Item name="ringEnd" label={t('field.ringEnd')} required>
            <InputNumber style={{ width: 120 }} data-testid="import-ring-end" />
          </Form.Item>
        </Form>
      </Modal>
      <ImportDialog
        open={open && range !== null}
        title={range ? t('segmentWeb.import.titleRange', { title, start: range.ringStart, end: range.ringEnd }) : title}
        onClose={close}
        onDownloadTemplate={() => downloadTemplate(kind)}
        maxBytes={SEGMENT_IMPORT_MAX_BYTES}
        upload={upload}
      />
      <Modal
        open={decision !== null}
        title={t('segmentWeb.import.duplicatesTitle')}
        onCancel={() => decide(null)}
        footer={
          <Space>
            <Button onClick={() => decide(null)} data-testid="import-cancel">
              {t('ui.dialog.cancel')}
            </Button>
            <Button onClick={() => decide('skip')} data-testid="import-skip">
              {t('segmentWeb.import.skip')}
            </Button>
            <Button type="primary" danger onClick={() => decide('replace')} data-testid="import-replace">
              {t('segmentWeb.import.replace')}
            </Button>
          </Space>
        }
        width={520}
      >
        <Alert
          type="warning"
          showIcon
          data-testid="import-duplicates"
          title={t('segmentWeb.import.duplicates', { count: decision?.duplicates.length ?? 0 })}
          description={<RingList rings={decision?.duplicates ?? []} />}
        />
      </Modal>
    </>
  );
}

/** Rings as runs, "412–415, 420": a long list stays short. */
export function ringRuns(rings: readonly number[]): string {
  const sorted = [...new Set(rings)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    const first = sorted[i] ?? 0;
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j += 1;
    const end = sorted[j] ?? first;
    parts.push(end === first ? String(first) : `${first}–${end}`);
    i = j + 1;
  }
  return parts.join(', ');
}

export function RingList({ rings, testId }: { rings: readonly number[]; testId?: string }) {
  return <span data-testid={testId}>{ringRuns(rings)}</span>;
}

/** What an import left to know beside the rows: the rings of the range the file lacks, and rings replaced or skipped. */
export function ImportOutcome({ report, onClose }: { report: SegmentImportReport | null; onClose: () => void }) {
  const t = useT();
  if (!report || (report.missingRings.length === 0 && report.replaced === 0 && report.skipped === 0)) return null;
  return (
    <Alert
      type={report.missingRings.length > 0 ? 'warning' : 'info'}
      showIcon
      closable={{ onClose }}
      style={{ marginBottom: 12 }}
      data-testid="import-outcome"
      title={t('segmentWeb.import.outcome', { replaced: report.replaced, skipped: report.skipped })}
      description={
        report.missingRings.length > 0 ? (
          <>
            {t('segmentWeb.import.missing', { count: report.missingRings.length })} <RingList rings={report.missingRings} testId="import-missing" />
          </>
        ) : null
      }
    />
  );
}
