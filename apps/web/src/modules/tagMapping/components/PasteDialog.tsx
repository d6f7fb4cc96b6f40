import { FileTextOutlined } from '@ant-design/icons';
import type { TagDef } from '@boreline/contracts';
import { Alert, Button, Input, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { type LineProblem, parseMappingLines } from '../draft.js';

export interface PasteDialogProps {
  open: boolean;
  catalogue: readonly TagDef[];
  onClose: () => void;
  /** The lines read, for the table (saved with it). */
  onAdd: (rows: { rawName: string; tagCode: string }[]) => void;
}

/** The largest CSV read in the browser: a linker of 2,000 lines is well under it. */
const CSV_MAX_BYTES = 512 * 1024;

/**
 * Many mappings at once: lines pasted from a spreadsheet or an e-mail (`name<TAB or ; or ,>tag`), or
 * a CSV file read here in the browser. Lines that cannot be read are listed with their number; the
 * others are added only when the user says so.
 */
export function PasteDialog({ open, catalogue, onClose, onAdd }: PasteDialogProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<LineProblem[]>([]);
  const [empty, setEmpty] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const close = () => {
    setText('');
    setProblems([]);
    setEmpty(false);
    setFileProblem(null);
    onClose();
  };
  const apply = () => {
    const parsed = parseMappingLines(text, catalogue);
    setProblems(parsed.problems);
    setEmpty(parsed.rows.length === 0 && parsed.problems.length === 0);
    if (parsed.rows.length === 0) return;
    onAdd(parsed.rows);
    if (parsed.problems.length === 0) close();
  };
  const openCsv = (file: File) => {
    setFileProblem(null);
    if (file.size > CSV_MAX_BYTES) setFileProblem(t('tagMapping.paste.csvTooLarge', { size: `${CSV_MAX_BYTES / 1024} KB` }));
    else void file.text().then(setText);
    return Upload.LIST_IGNORE;
  };
  const problemText = (p: LineProblem) =>
    t('tagMapping.paste.lineProblem', { line: p.line, problem: p.reason === 'noSeparator' ? t('tagMapping.paste.noSeparator') : t('tagMapping.paste.unknownTag', { code: p.text }) });

  return (
    <Modal open={open} title={t('tagMapping.paste.title')} onCancel={close} width={640} destroyOnHidden okText={t('tagMapping.paste.apply')} onOk={apply} okButtonProps={{ disabled: !text.trim() }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('tagMapping.paste.hint')}</Typography.Text>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 8, maxRows: 16 }}
          placeholder={'PLC1.VORTRIEB_V\tthrust.advanceSpeed\nPLC1.GESAMTKRAFT;thrust.totalThrust'}
          aria-label={t('tagMapping.paste.title')}
          style={{ fontFamily: 'monospace' }}
        />
        <Upload accept=".csv,.txt,text/csv,text/plain" showUploadList={false} beforeUpload={openCsv}>
          <Button icon={<FileTextOutlined />}>{t('tagMapping.paste.openCsv')}</Button>
        </Upload>
        {fileProblem ? <Alert type="error" showIcon title={fileProblem} /> : null}
        {empty ? <Alert type="warning" showIcon title={t('tagMapping.paste.nothing')} /> : null}
        {problems.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            data-testid="paste-problems"
            title={t('tagMapping.paste.skipped', { count: problems.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {problems.slice(0, 20).map((p) => (
                  <li key={p.line}>{problemText(p)}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Space>
    </Modal>
  );
}
