import { Alert, Empty, Image, Space, Spin } from 'antd';
import { type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../../core/i18n.js';
import type { Repair } from '../api.js';
import { fileObjectUrl, fileTicket } from '../api.js';

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

/** Errors in a row (no metadata loaded in between) after which a video is shown as unreadable. */
const VIDEO_RETRIES = 2;

interface StreamedVideo {
  /** The file ticket's link; null while it is asked for. */
  url: string | null;
  failed: boolean;
  /** What the <video> element is given: its element, and its metadata and error events. */
  ref: (element: HTMLVideoElement | null) => void;
  onLoadedMetadata: (event: SyntheticEvent<HTMLVideoElement>) => void;
  onError: (event: SyntheticEvent<HTMLVideoElement>) => void;
}

/**
 * A stored video's streaming link: a file ticket, asked for again when it expires while the player
 * is idle, or when the player fails (a ticket expired mid-play). A new link keeps the position and
 * whether the video was playing.
 */
function useStreamedVideo(id: string): StreamedVideo {
  const [state, setState] = useState<{ url: string | null; expiresAt: number; failed: boolean; asked: number }>({ url: null, expiresAt: 0, failed: false, asked: 0 });
  const errorsInRow = useRef(0);
  const element = useRef<HTMLVideoElement | null>(null);
  const resume = useRef<{ at: number; playing: boolean } | null>(null);
  const renew = useCallback((video: HTMLVideoElement | null) => {
    if (video) resume.current ??= { at: video.currentTime, playing: !video.paused };
    setState((s) => ({ ...s, asked: s.asked + 1 }));
  }, []);
  useEffect(() => {
    let live = true;
    fileTicket(id)
      .then((ticket) => {
        if (live) setState((s) => ({ ...s, url: ticket.url, expiresAt: ticket.expiresAt, failed: false }));
      })
      .catch(() => {
        if (live) setState((s) => ({ ...s, url: null, failed: true }));
      });
    return () => {
      live = false;
    };
  }, [id, state.asked]);
  useEffect(() => {
    if (!state.url) return undefined;
    const timer = setTimeout(() => {
      // A playing video keeps its link: should the server refuse a later range, the error renews it.
      if (!element.current || element.current.paused) renew(element.current);
    }, Math.max(1_000, state.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [state.url, state.expiresAt, renew]);
  return {
    url: state.url,
    failed: state.failed,
    ref: (video) => {
      element.current = video;
    },
    onLoadedMetadata: (event) => {
      errorsInRow.current = 0;
      const back = resume.current;
      resume.current = null;
      if (back && back.at > 0) event.currentTarget.currentTime = back.at;
      if (back?.playing) void event.currentTarget.play().catch(() => undefined);
    },
    onError: (event) => {
      errorsInRow.current += 1;
      if (errorsInRow.current > VIDEO_RETRIES) setState((s) => ({ ...s, failed: true }));
      else renew(event.currentTarget);
    },
  };
}

/**
 * An MP4 streamed to the browser's player from a file ticket's link (no session token in any URL):
 * playback starts after the first ranges, and seeking asks the server for the range it needs —
 * nothing is downloaded whole first.
 */
export function VideoPlayer({ file }: { file: StoredFile }) {
  const t = useT();
  const stream = useStreamedVideo(file.id);
  if (stream.failed) return <Alert type="error" showIcon title={t('repairWeb.file.failed', { name: file.name })} />;
  if (!stream.url) return <Spin aria-label={t('repairWeb.file.loading', { name: file.name })} />;
  return (
    <figure className="repair-video">
      <video
        ref={stream.ref}
        controls
        preload="metadata"
        src={stream.url}
        aria-label={file.name}
        data-testid="repair-video"
        onLoadedMetadata={stream.onLoadedMetadata}
        onError={stream.onError}
      />
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
