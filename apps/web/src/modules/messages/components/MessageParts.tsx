import { AlertOutlined, FileImageOutlined, InboxOutlined, InfoCircleOutlined, NotificationOutlined, ToolOutlined, WarningOutlined } from '@ant-design/icons';
import { DATE_FORMATS, formatInstant } from '@boreline/contracts';
import { Button, Modal, Select, type SelectProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { type MessageType, userTimeZone } from '../messageTypes.js';
import { useConfirmAction } from '../../../ui/useConfirmAction.js';

const ICONS: Record<MessageType, ReactNode> = {
  maintenanceReminder: <ToolOutlined />,
  componentAlarm: <WarningOutlined />,
  monitoringAlarm: <AlertOutlined />,
  stockWarning: <InboxOutlined />,
  announcement: <NotificationOutlined />,
  system: <InfoCircleOutlined />,
  report: <FileImageOutlined />,
};

/** The colours of TYPE_COLOURS as text colours (antd's preset tag colours, readable on white). */
const ICON_COLOURS: Record<MessageType, string> = {
  maintenanceReminder: '#1677ff',
  componentAlarm: '#cf1322',
  monitoringAlarm: '#d4380d',
  stockWarning: '#ad6800',
  announcement: '#389e0d',
  system: '#595959',
  report: '#08979c',
};

/** A message's type as an icon in its colour; the type's name is said beside it, so the icon is decoration. */
export function TypeIcon({ type }: { type: MessageType }) {
  return (
    <span className="bl-msg-icon" aria-hidden="true" style={{ color: ICON_COLOURS[type], borderColor: ICON_COLOURS[type] }} data-type={type}>
      {ICONS[type]}
    </span>
  );
}

/** A zone's offset from UTC at an instant, as the reader's browser names it (`GMT+8`). */
function offsetName(at: number, zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/**
 * A message's time on the clock of its run (a site reads its own local time), else the reader's.
 * A site clock other than the reader's says its offset, so two sites' times compare; the zone is
 * named on hover.
 */
export function MessageTime({ at, runId, zones, short = false }: { at: number; runId: number | null; zones: ReadonlyMap<number, string>; short?: boolean }) {
  const own = userTimeZone();
  const zone = (runId === null ? undefined : zones.get(runId)) ?? own;
  const offset = offsetName(at, zone);
  return (
    <time dateTime={new Date(at).toISOString()} title={zone} data-testid="message-time">
      {formatInstant(at, zone, short ? DATE_FORMATS.dayMonthTime : DATE_FORMATS.dateTime)}
      {offset === offsetName(at, own) ? null : <span className="bl-msg-zone"> {offset}</span>}
    </time>
  );
}

export interface ConfirmReadProps {
  open: boolean;
  /** What will change, in the reader's words ("Mark all 12 unread messages as read?"). */
  title: string;
  /** The read call; it says itself how it went. The dialog closes either way. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a read that changes many messages at once (read all). */
export function ConfirmRead({ open, title, onConfirm, onClose }: ConfirmReadProps) {
  const t = useT();
  const { pending, handleOk } = useConfirmAction(onConfirm, onClose);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('messages.web.action.readAll')}
      cancelText={t('ui.dialog.cancel')}
      okButtonProps={{ loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onOk={() => void handleOk()}
      onCancel={() => (pending ? undefined : onClose())}
      destroyOnHidden
      width={440}
    >
      <p>{t('messages.web.confirm.readAllHint')}</p>
    </Modal>
  );
}

/** "Mark all read" with its confirmation; disabled when nothing is unread. */
export function ReadAllButton({ unread, onConfirm }: { unread: number; onConfirm: () => Promise<unknown> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={unread === 0} onClick={() => setOpen(true)} data-testid="read-all">
        {t('messages.web.action.readAll')}
      </Button>
      <ConfirmRead open={open} title={t('messages.web.confirm.readAll', { count: unread })} onConfirm={onConfirm} onClose={() => setOpen(false)} />
    </>
  );
}

/** The read-state filter of the message lists (any, unread, read); a form item gives it its value. */
export function ReadStateSelect(props: Omit<SelectProps<string>, 'options'>) {
  const t = useT();
  return (
    <Select
      allowClear
      aria-label={t('messages.web.filter.state')}
      placeholder={t('messages.web.filter.anyState')}
      style={{ width: 140 }}
      options={[
        { value: 'unread', label: t('messages.web.state.unread') },
        { value: 'read', label: t('messages.web.state.read') },
      ]}
      {...props}
    />
  );
}
