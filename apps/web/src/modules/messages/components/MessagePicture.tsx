import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { filesContract } from '@boreline/contracts';
import { Button, Image, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { saveFile } from '../../../core/api/download.js';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import type { Message } from '../messageTypes.js';

type MessageFile = NonNullable<Message['file']>;

/**
 * A file of the message read with the session (an <img> cannot send its header). The download call
 * answers the file's bytes, which the client hands back as a Blob (pictures and PDFs pass through).
 */
const readFile = async (id: string): Promise<Blob> => (await call(filesContract.download, { id })) as unknown as Blob;

const isPdf = (file: MessageFile) => file.name.toLowerCase().endsWith('.pdf');

/** The picture as an object URL while it is shown, freed when it goes. */
function useObjectUrl(id: string): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ id: string; url: string | null; failed: boolean }>({ id, url: null, failed: false });
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    readFile(id)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        if (live) setState({ id, url: made, failed: false });
        else URL.revokeObjectURL(made);
      })
      .catch(() => {
        if (live) setState({ id, url: null, failed: true });
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return state.id === id ? state : { url: null, failed: false };
}

function Thumbnail({ file }: { file: MessageFile }) {
  const t = useT();
  const { url, failed } = useObjectUrl(file.id);
  if (failed) return <Typography.Text type="secondary">{t('deliveryWeb.message.unavailable')}</Typography.Text>;
  return (
    <Image
      src={url ?? undefined}
      alt={file.name}
      width={120}
      style={{ maxHeight: 160, objectFit: 'cover', objectPosition: 'top' }}
      placeholder
      data-testid="message-picture"
    />
  );
}

function PdfLink({ file }: { file: MessageFile }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await readFile(file.id), file.name);
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4}>
      <FilePdfOutlined style={{ fontSize: 24, color: '#cf1322' }} aria-hidden="true" />
      <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="message-pdf">
        {t('deliveryWeb.message.download', { name: file.name })}
      </Button>
    </Space>
  );
}

/** The file a message carries (a delivered report): a thumbnail of a picture, a PDF to download. */
export function MessagePicture({ file }: { file: MessageFile }) {
  return <div className="bl-msg-file">{isPdf(file) ? <PdfLink file={file} /> : <Thumbnail file={file} />}</div>;
}
