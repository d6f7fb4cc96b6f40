import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Result, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { showApiError } from '../core/forms.js';
import { useT } from '../core/i18n.js';
import { acceptAttribute, checkFile, useFileTexts } from './fileChecks.js';

/** What an import answered: the rows taken, or the rows refused with the reason in the reader's language. */
export interface ImportReport {
  imported: number;
  refused: { row: number; column: string | null; message: string }[];
}

/** Sends the file, reporting whole percent sent, and answers the server's report. */
export type ImportUpload = (file: File, onProgress: (percent: number) => void) => Promise<ImportReport>;

export interface ImportDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Downloads the template workbook. */
  onDownloadTemplate: () => unknown;
  /** The largest file accepted (from the contracts' LIMITS). */
  maxBytes: number;
  /** Accepted extensions; spreadsheets by default. */
  types?: readonly string[];
  upload: ImportUpload;
  /** Imports only the rows that passed; without it the offer is not shown. */
  onImportValid?: ImportUpload;
  /** Rows were imported: the list behind can be read again. */
  onImported?: (report: ImportReport) => void;
}

const SPREADSHEETS = ['xls', 'xlsx'] as const;

type Step = { kind: 'choose'; refusal: string | null } | { kind: 'sending'; name: string; percent: number } | { kind: 'done'; file: File; report: ImportReport };

/**
 * Imports a spreadsheet: the template to fill in, a file checked in the browser (type and size)
 * before it is sent, the upload's progress, then what was imported or a table of the refused rows
 * (row, column, problem). Imports are all or nothing, so a refused row means nothing was taken —
 * unless the caller offers to import the valid rows.
 */
export function ImportDialog({ open, title, onClose, onDownloadTemplate, maxBytes, types = SPREADSHEETS, upload, onImportValid, onImported }: ImportDialogProps) {
  const t = useT();
  const files = useFileTexts(types, maxBytes);
  const [step, setStep] = useState<Step>({ kind: 'choose', refusal: null });
  const [fetchingTemplate, setFetchingTemplate] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setStep({ kind: 'choose', refusal: null });
  }

  const send = async (file: File, how: ImportUpload) => {
    setStep({ kind: 'sending', name: file.name, percent: 0 });
    try {
      const report = await how(file, (percent) => setStep((s) => (s.kind === 'sending' ? { ...s, percent } : s)));
      setStep({ kind: 'done', file, report });
      if (report.imported > 0) onImported?.(report);
    } catch (error) {
      showApiError(error);
      setStep({ kind: 'choose', refusal: null });
    }
  };

  const handleChosen = (file: File) => {
    const refusal = checkFile(file, types, maxBytes);
    if (refusal) setStep({ kind: 'choose', refusal: files.refusal(refusal) });
    else void send(file, upload);
    // Never antd's own upload: the file goes through `upload`, with the session's headers.
    return Upload.LIST_IGNORE;
  };

  const handleTemplate = async () => {
    setFetchingTemplate(true);
    try {
      await onDownloadTemplate();
    } finally {
      setFetchingTemplate(false);
    }
  };

  const sending = step.kind === 'sending';
  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => (sending ? undefined : onClose())}
      maskClosable={!sending}
      width={640}
      destroyOnHidden
      footer={
        <Button onClick={onClose} disabled={sending}>
          {t('ui.import.close')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Button icon={<DownloadOutlined />} loading={fetchingTemplate} onClick={() => void handleTemplate()}>
          {t('ui.import.template')}
        </Button>
        {step.kind === 'choose' ? (
          <>
            <Upload.Dragger accept={acceptAttribute(types)} multiple={false} showUploadList={false} beforeUpload={handleChosen} data-testid="import-file">
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('ui.import.choose')}</p>
              <p className="ant-upload-hint">{t('ui.import.limits', { types: files.typeList, size: files.size })}</p>
            </Upload.Dragger>
            {step.refusal ? <Alert type="error" showIcon title={step.refusal} role="alert" /> : null}
          </>
        ) : null}
        {step.kind === 'sending' ? (
          <div>
            <div>{t('ui.import.uploading', { name: step.name })}</div>
            <Progress percent={step.percent} aria-label={t('ui.import.uploading', { name: step.name })} />
          </div>
        ) : null}
        {step.kind === 'done' ? <ImportResult report={step.report} onAgain={() => setStep({ kind: 'choose', refusal: null })} onImportValid={onImportValid ? () => void send(step.file, onImportValid) : undefined} /> : null}
      </Space>
    </Modal>
  );
}

function ImportResult({ report, onAgain, onImportValid }: { report: ImportReport; onAgain: () => void; onImportValid: (() => void) | undefined }) {
  const t = useT();
  const again = <Button onClick={onAgain}>{t('ui.import.another')}</Button>;
  const refusedRows =
    report.refused.length > 0 ? (
      <Table
        size="small"
        rowKey={(r) => `${r.row}:${r.column ?? ''}:${r.message}`}
        dataSource={report.refused}
        pagination={report.refused.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        data-testid="import-refused"
        columns={[
          { key: 'row', title: t('ui.import.row'), dataIndex: 'row', width: 80 },
          { key: 'column', title: t('ui.import.column'), dataIndex: 'column', width: 160, render: (column: string | null) => column ?? '—' },
          { key: 'message', title: t('ui.import.problem'), dataIndex: 'message' },
        ]}
      />
    ) : null;
  // Rows taken (all of them, or the valid ones when asked): what was left out is listed below.
  if (report.imported > 0 || report.refused.length === 0) {
    return (
      <>
        <Result status="success" title={t('ui.import.imported', { count: report.imported })} extra={again} />
        {refusedRows}
      </>
    );
  }
  return (
    <>
      <Alert type="warning" showIcon title={t('ui.import.refused', { count: report.refused.length })} />
      {refusedRows}
      <Space>
        {onImportValid ? (
          <Button type="primary" onClick={onImportValid}>
            {t('ui.import.importValid')}
          </Button>
        ) : null}
        {again}
      </Space>
    </>
  );
}
