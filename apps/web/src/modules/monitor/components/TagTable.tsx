import { AlertFilled } from '@ant-design/icons';
import type { LiveValues, TagDef } from '@boreline/contracts';
import { Checkbox } from 'antd';
import { memo, useMemo } from 'react';
import { alarmLevelColour } from '../../alarm/index.js';
import { useTagName } from '../hooks/useTagName.js';
import { formatRange, formatTagValue, NO_VALUE, rangeState } from './tagValue.js';
import { dataText, useLocale, useT } from '../../../core/i18n.js';

/** More lines than this make a trend unreadable. */
export const TREND_MAX_TAGS = 6;

export interface TagTableProps {
  /** The page's tags in catalogue order. */
  tags: readonly TagDef[];
  values: LiveValues;
  /** The data is not live: values are greyed, never shown as current. */
  stale: boolean;
  /** Codes chosen for the trend. */
  chosen: readonly string[];
  onChosenChange(codes: string[]): void;
  label: string;
  /** Points with a current alarm and its level (alarm module): marked in the level's colour with an icon. */
  alarmed?: ReadonlyMap<string, 'alarm' | 'warning'>;
}

interface Group {
  subject: string;
  tags: TagDef[];
}

function groupBySubject(tags: readonly TagDef[]): Group[] {
  const groups = new Map<string, TagDef[]>();
  for (const tag of tags) {
    const list = groups.get(tag.name.subject) ?? [];
    list.push(tag);
    groups.set(tag.name.subject, list);
  }
  return [...groups].map(([subject, list]) => ({ subject, tags: list }));
}

/**
 * A subsystem's values grouped by subject, flowing in as many columns as the width allows so a
 * 1280×720 screen shows about forty at once. Values outside the normal range are red; flags read
 * on/off and levels as whole numbers.
 */
export const TagTable = memo(function TagTable({ tags, values, stale, chosen, onChosenChange, label, alarmed }: TagTableProps) {
  const t = useT();
  const groups = useMemo(() => groupBySubject(tags), [tags]);
  const full = chosen.length >= TREND_MAX_TAGS;

  const handleToggle = (code: string, checked: boolean) =>
    onChosenChange(checked ? [...chosen.filter((c) => c !== code), code] : chosen.filter((c) => c !== code));

  return (
    <div className="rt-table" role="table" aria-label={label} data-testid="tag-table">
      {groups.map((group) => (
        <div key={group.subject} role="rowgroup" className="rt-group">
          <div role="row" className="rt-row rt-group-head">
            <span role="columnheader" className="rt-group-name">
              {dataText(t, group.subject)}
            </span>
            <span role="columnheader" className="rt-caption rt-num">
              {t('realtime.table.value')}
            </span>
            <span role="columnheader" className="rt-caption rt-range">
              {t('realtime.table.range')}
            </span>
          </div>
          {group.tags.map((tag) => (
            <TagRow
              key={tag.code}
              tag={tag}
              value={values[tag.code]}
              stale={stale}
              checked={chosen.includes(tag.code)}
              disabled={full && !chosen.includes(tag.code)}
              onToggle={handleToggle}
              alarmLevel={alarmed?.get(tag.code) ?? null}
            />
          ))}
        </div>
      ))}
    </div>
  );
});

interface TagRowProps {
  tag: TagDef;
  value: number | null | undefined;
  stale: boolean;
  checked: boolean;
  disabled: boolean;
  onToggle(code: string, checked: boolean): void;
  alarmLevel: 'alarm' | 'warning' | null;
}

function TagRow({ tag, value, stale, checked, disabled, onToggle, alarmLevel }: TagRowProps) {
  const t = useT();
  const locale = useLocale();
  const nameOf = useTagName();
  const name = nameOf(tag);
  const alarm = rangeState(tag, value);
  const tone = stale ? 'rt-stale' : alarm ? 'rt-alarm' : '';
  const hasValue = value !== null && value !== undefined;
  return (
    <div role="row" className="rt-row" data-testid="tag-row" data-code={tag.code} data-alarm-level={alarmLevel ?? undefined}>
      <span role="cell" className="rt-check">
        <Checkbox
          checked={checked}
          disabled={disabled}
          aria-label={t('realtime.table.chooseForTrend', { name })}
          title={disabled ? t('realtime.trend.limit', { max: TREND_MAX_TAGS }) : undefined}
          onChange={(event) => onToggle(tag.code, event.target.checked)}
        />
      </span>
      <span role="cell" className="rt-name" title={name} style={alarmLevel ? { color: alarmLevelColour(alarmLevel), fontWeight: 600 } : undefined}>
        {alarmLevel ? (
          <AlertFilled
            className="rt-alarm-icon"
            data-testid="tag-alarm-icon"
            aria-label={t(alarmLevel === 'alarm' ? 'alarmWeb.live.pointAlarm' : 'alarmWeb.live.pointWarning')}
            title={t(alarmLevel === 'alarm' ? 'alarmWeb.live.pointAlarm' : 'alarmWeb.live.pointWarning')}
          />
        ) : null}
        {name}
      </span>
      <span
        role="cell"
        className={`rt-value rt-num ${tone}`}
        data-testid="tag-value"
        data-alarm={alarm ?? undefined}
        data-stale={stale || undefined}
        data-value={hasValue ? String(value) : undefined}
        title={alarm === 'high' ? t('realtime.table.high') : alarm === 'low' ? t('realtime.table.low') : undefined}
      >
        {!hasValue ? (
          NO_VALUE
        ) : tag.kind === 'flag' ? (
          <span className={value === 1 ? 'rt-flag rt-flag-on' : 'rt-flag'}>{t(value === 1 ? 'realtime.value.on' : 'realtime.value.off')}</span>
        ) : (
          formatTagValue(tag, value, locale)
        )}
      </span>
      <span role="cell" className="rt-unit">
        {tag.unit}
      </span>
      <span role="cell" className="rt-range">
        {tag.kind === 'flag' ? '' : formatRange(tag, locale)}
      </span>
    </div>
  );
}
