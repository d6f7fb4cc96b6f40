import { CloseOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Progress } from 'antd';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { formatBytes } from '../core/format.js';
import { useLocale, useT } from '../core/i18n.js';
import { acceptAttribute, checkFile, extensionOf, type FileRefusal, useFileTexts } from './fileChecks.js';
import './uploadField.css';

/** A file held by a form: uploaded already, known by the id the server gave it. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
  url?: string;
  thumbUrl?: string;
}

/** Sends one file, reporting whole percent sent, and answers the file as the server keeps it. */
export type FileUpload = (file: File, onProgress: (percent: number) => void) => Promise<UploadedFile>;

export interface UploadFieldProps {
  /** From the form (antd `Form.Item`). */
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  id?: string;
  /** Accepted extensions (the contracts' FILE_TYPES). */
  types: readonly string[];
  /** Per file, and how many files in all (the contracts' LIMITS). */
  maxBytes: number;
  maxCount: number;
  upload: FileUpload;
  disabled?: boolean;
}

const IMAGE_TYPES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);
const isImage = (file: { name: string; contentType: string }) => file.contentType.startsWith('image/') || IMAGE_TYPES.has(extensionOf(file.name));

interface Sending {
  key: number;
  name: string;
  percent: number;
}

/**
 * Attachments of a form: each file is checked in the browser (type, size, count) and refused with a
 * reason in the reader's language before anything is sent, then uploaded with its progress shown.
 * Images show as thumbnails, other files as chips; each can be removed.
 */
export function UploadField({ value = [], onChange, id, types, maxBytes, maxCount, upload, disabled }: UploadFieldProps) {
  const t = useT();
  const locale = useLocale();
  const files = useFileTexts(types, maxBytes, maxCount);
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  // Uploads finish one by one after the render that started them: each adds to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const sequence = useRef(0);
  // Pictures just chosen show from the browser's copy, without a round trip (nor the session header).
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const previewsRef = useRef(previews);
  previewsRef.current = previews;
  useEffect(() => () => Object.values(previewsRef.current).forEach((url) => URL.revokeObjectURL(url)), []);

  const full = value.length + sending.length >= maxCount;

  const send = async (file: File) => {
    sequence.current += 1;
    const key = sequence.current;
    setSending((list) => [...list, { key, name: file.name, percent: 0 }]);
    try {
      const stored = await upload(file, (percent) => setSending((list) => list.map((s) => (s.key === key ? { ...s, percent } : s))));
      if (isImage(stored) && typeof URL.createObjectURL === 'function') {
        const url = URL.createObjectURL(file);
        setPreviews((current) => ({ ...current, [stored.id]: url }));
      }
      latest.current = [...latest.current, stored];
      onChange?.(latest.current);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setRefusals((list) => [...list, t('ui.file.failed', { name: file.name, message })]);
    } finally {
      setSending((list) => list.filter((s) => s.key !== key));
    }
  };

  const handleChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    const refused: FileRefusal[] = [];
    let room = maxCount - value.length - sending.length;
    for (const file of chosen) {
      const refusal = checkFile(file, types, maxBytes) ?? (room <= 0 ? { reason: 'tooMany' as const, name: file.name } : null);
      if (refusal) {
        refused.push(refusal);
        continue;
      }
      room -= 1;
      void send(file);
    }
    setRefusals(refused.map(files.refusal));
  };

  const handleRemove = (file: UploadedFile) => {
    const preview = previews[file.id];
    if (preview) URL.revokeObjectURL(preview);
    onChange?.(value.filter((f) => f.id !== file.id));
  };

  return (
    <div className="bl-upload">
      <div className="bl-upload-list">
        {value.map((file) => {
          const remove = (
            <button type="button" className="bl-upload-remove" aria-label={t('ui.upload.remove', { name: file.name })} disabled={disabled} onClick={() => handleRemove(file)}>
              <CloseOutlined />
            </button>
          );
          const preview = previews[file.id] ?? file.thumbUrl ?? file.url;
          return isImage(file) && preview ? (
            <figure key={file.id} className="bl-upload-thumb">
              <img src={preview} alt={file.name} />
              {remove}
            </figure>
          ) : (
            <span key={file.id} className="bl-upload-chip" title={file.name}>
              <PaperClipOutlined />
              {file.url ? (
                <a href={file.url} target="_blank" rel="noreferrer">
                  {file.name}
                </a>
              ) : (
                <span>{file.name}</span>
              )}
              <span className="bl-upload-size">{formatBytes(file.size, locale)}</span>
              {remove}
            </span>
          );
        })}
        {sending.map((s) => (
          <span key={s.key} className="bl-upload-chip">
            <span>{s.name}</span>
            <Progress percent={s.percent} size="small" style={{ width: 120, margin: 0 }} aria-label={t('ui.upload.uploading', { name: s.name })} />
          </span>
        ))}
      </div>
      {/* Hidden by its style too: a form item's styles show file inputs (`display: block`) despite `hidden`. */}
      <input ref={input} id={id} type="file" multiple={maxCount > 1} accept={acceptAttribute(types)} hidden style={{ display: 'none' }} onChange={handleChosen} disabled={disabled || full} />
      <Button icon={<PlusOutlined />} disabled={disabled || full} onClick={() => input.current?.click()}>
        {t('ui.upload.add')}
      </Button>
      <div className="bl-upload-limits">{t('ui.upload.limits', { types: files.typeList, size: files.size, max: maxCount })}</div>
      {refusals.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={
            <ul className="bl-upload-refusals">
              {refusals.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </div>
  );
}
