import { Space, Tag, Tooltip } from 'antd';
import { useT } from '../../../core/i18n.js';
import type { Alarm, AlarmLevel, AlarmState } from '../api.js';
import { LEVEL_LABELS, LEVEL_TAG_COLOURS, STATE_LABELS, STATE_TAG_COLOURS } from '../labels.js';

/** Alarm red, warning amber. */
export function LevelTag({ level }: { level: AlarmLevel }) {
  const t = useT();
  return (
    <Tag color={LEVEL_TAG_COLOURS[level]} data-testid="alarm-level" data-level={level}>
      {t(LEVEL_LABELS[level])}
    </Tag>
  );
}

/** The ISA-18.2 state: active or cleared, unacknowledged or acknowledged. */
export function StateTag({ state }: { state: AlarmState }) {
  const t = useT();
  return (
    <Tag color={STATE_TAG_COLOURS[state]} data-testid="alarm-state" data-state={state}>
      {t(STATE_LABELS[state])}
    </Tag>
  );
}

/** What sets an alarm apart: chattering, recovered from backfill, grouped repeats, supervisors told, shelved point. */
export function AlarmMarks({ alarm }: { alarm: Alarm }) {
  const t = useT();
  const marks = [
    alarm.chattering ? (
      <Tooltip key="chattering" title={t('alarmWeb.mark.chatteringHint')}>
        <Tag color="magenta" data-testid="mark-chattering">
          {t('alarmWeb.mark.chattering')}
        </Tag>
      </Tooltip>
    ) : null,
    alarm.backfill ? (
      <Tooltip key="backfill" title={t('alarmWeb.mark.backfillHint')}>
        <Tag data-testid="mark-backfill">{t('alarmWeb.mark.backfill')}</Tag>
      </Tooltip>
    ) : null,
    alarm.repeats > 0 ? (
      <Tooltip key="repeats" title={t('alarmWeb.mark.repeatsHint')}>
        <Tag color="blue" data-testid="mark-repeats">
          {t('alarmWeb.mark.repeats', { count: alarm.repeats })}
        </Tag>
      </Tooltip>
    ) : null,
    alarm.escalatedAt !== null ? (
      <Tooltip key="escalated" title={t('alarmWeb.mark.escalatedHint')}>
        <Tag color="volcano" data-testid="mark-escalated">
          {t('alarmWeb.mark.escalated')}
        </Tag>
      </Tooltip>
    ) : null,
    alarm.shelvedUntil !== null ? (
      <Tag key="shelved" color="purple" data-testid="mark-shelved">
        {t('alarmWeb.mark.shelved')}
      </Tag>
    ) : null,
  ].filter((mark) => mark !== null);
  return marks.length > 0 ? (
    <Space size={2} wrap>
      {marks}
    </Space>
  ) : null;
}
