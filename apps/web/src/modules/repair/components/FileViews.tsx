import { Alert, Empty, Image, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../../core/i18n.js';
import type { Repair } from '../api.js';
import { fileObjectUrl } from '../api.js';

type StoredFile = Repair['photos'][number];

/** A stored file read with the session (an object URL, freed when the view goes); null while it loads. */
export function useFileUrl(path: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ path: string | null; url: string | null; failed: boolean }>({ path: null, url: null, failed: false });
  useEffect(() => {
    if (!path) return undefined;
    let live = true;
    let made: string | null = null;
    fileObjectUrl(path)
      .then((url) => {
        made = url;
        if (live) setState({ path, url, failed: false });
        else URL.revokeObjectURL(url);
      })
      .catch(() => {
        if (live) setState({ path, url: null, failed: true });
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return state.path === path ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}

/** One photo: its thumbnail (the file service's small WebP); a click opens the full-size picture. */
function Photo({ file }: { file: StoredFile }) {
  const thumb = useFileUrl(file.thumbUrl ?? file.url);
  const [open, setOpen] = useState(false);
  const full = useFileUrl(open ? file.url : null);
  return (
    <Image
      width={120}
      height={90}
      style={{ objectFit: 'cover' }}
      src={thumb.url ?? undefined}
      alt={file.name}
      placeholder
      data-testid="repair-photo"
      preview={{ src: full.url ?? thumb.url ?? undefined, open, onOpenChange: setOpen }}
    />
  );
}

/** The photos of a repair as a gallery of thumbnails; each opens in full size. */
export function PhotoGallery({ files }: { files: readonly StoredFile[] }) {
  const t = useT();
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repairWeb.detail.noPhotos')} />;
  return (
    <Space wrap data-testid="repair-gallery">
      {files.map((file) => (
        <Photo key={file.id} file={file} />
      ))}
    </Space>
  );
}

/** An MP4 played in the browser with its controls; the whole file is at hand, so seeking works. */
export function VideoPlayer({ file }: { file: StoredFile }) {
  const t = useT();
  const video = useFileUrl(file.url);
  if (video.failed) return <Alert type="error" showIcon title={t('repairWeb.file.failed', { name: file.name })} />;
  if (!video.url) return <Spin aria-label={t('repairWeb.file.loading', { name: file.name })} />;
  return (
    <figure className="repair-video">
      <video controls preload="metadata" src={video.url} aria-label={file.name} data-testid="repair-video" />
      <figcaption>{file.name}</figcaption>
    </figure>
  );
}

export function VideoList({ files }: { files: readonly StoredFile[] }) {
  const t = useT();
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repairWeb.detail.noVideos')} />;
  return (
    <Space wrap align="start" data-testid="repair-videos">
      {files.map((file) => (
        <VideoPlayer key={file.id} file={file} />
      ))}
    </Space>
  );
}

const isPdf = (file: StoredFile) => file.contentType === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
const isImage = (file: StoredFile) => file.contentType.startsWith('image/') || /\.(png|jpe?g)$/i.test(file.name);
const isVideo = (file: StoredFile) => file.contentType.startsWith('video/') || /\.(mp4|avi)$/i.test(file.name);

/** A knowledge item's file in the browser: a PDF in a frame, a picture inline, a video in its player, other files as a link. */
export function FilePreview({ file }: { file: StoredFile }) {
  const t = useT();
  const kind = isPdf(file) ? 'pdf' : isImage(file) ? 'image' : isVideo(file) ? 'video' : 'other';
  const loaded = useFileUrl(kind === 'video' ? null : file.url);
  if (kind === 'video') return <VideoPlayer file={file} />;
  if (loaded.failed) return <Alert type="error" showIcon title={t('repairWeb.file.failed', { name: file.name })} />;
  if (!loaded.url) return <Spin aria-label={t('repairWeb.file.loading', { name: file.name })} />;
  if (kind === 'pdf') return <iframe className="repair-pdf" src={loaded.url} title={file.name} data-testid="knowledge-pdf" />;
  if (kind === 'image') return <img className="repair-image" src={loaded.url} alt={file.name} data-testid="knowledge-image" />;
  return (
    <a href={loaded.url} download={file.name} data-testid="knowledge-download">
      {t('repairWeb.file.download', { name: file.name })}
    </a>
  );
}
