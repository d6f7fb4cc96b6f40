import type { announcementContract as c } from '@boreline/contracts';
import { Tag } from 'antd';
import { useT } from '../../../core/i18n.js';
import { useInstant } from '../api.js';
import { SafeHtml } from './SafeHtml.js';
import '../announcement.css';

/** One announcement as its readers see it: title, pinned and unread marks, window, body. */
export function AnnouncementView({ announcement }: { announcement: c.Announcement }) {
  const t = useT();
  const instant = useInstant();
  return (
    <article className="bl-announcement" data-testid="announcement-view" data-id={announcement.id}>
      <header className="bl-announcement-head">
        <strong className="bl-announcement-title">{announcement.title}</strong>
        {announcement.pinned ? <Tag color="gold">{t('announcementWeb.pinned')}</Tag> : null}
        {announcement.read ? null : <Tag color="blue">{t('announcementWeb.unread')}</Tag>}
      </header>
      <div className="bl-announcement-meta">
        {instant(announcement.start)} – {instant(announcement.end)}
      </div>
      <SafeHtml html={announcement.content} className="bl-announcement-body" data-testid="announcement-body" />
    </article>
  );
}
