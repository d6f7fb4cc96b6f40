import { type CurrentRun, DATE_FORMATS, LIMITS, type TagDef, type telemetryContract } from '@boreline/contracts';
import { Alert, Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatInstant } from '../../../core/format.js';
import { useLocale, useT } from '../../../core/i18n.js';
import { DataTable } from '../../../ui/DataTable.js';
import { useSuggestions, useUnmapped } from '../api.js';
import { useTagName } from '../useTagName.js';

type Unmapped = telemetryContract.UnmappedName;

export interface UnmappedNamesProps {
  run: CurrentRun;
  canWrite: boolean;
  /** Names already in the table being edited. */
  inDraft: ReadonlySet<string>;
  byCode: ReadonlyMap<string, TagDef>;
  onMap: (rawName: string, tagCode: string | null) => void;
}

/**
 * The names the machine sent that map to no tag, most recently seen first, with how often and when
 * they came, their last value and the catalogue tags their names suggest. "Map" puts a name into
 * the table (with the best suggestion, or a chosen one); it leaves this list once saved.
 */
export function UnmappedNames({ run, canWrite, inDraft, byCode, onMap }: UnmappedNamesProps) {
  const t = useT();
  const locale = useLocale();
  const tagName = useTagName();
  const unmapped = useUnmapped(run.runId);
  const [state, setState] = useState({ page: 1, pageSize: 10, sort: null });
  const items = unmapped.data?.items;
  const visible = useMemo(() => (items ?? []).slice((state.page - 1) * state.pageSize, state.page * state.pageSize).map((u) => u.rawName), [items, state]);
  const suggestions = useSuggestions(run.runId, visible);
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }), [locale]);
  const at = (ms: number) => formatInstant(ms, run.timeZone, DATE_FORMATS.dateTime);

  const suggestionLabel = (code: string) => {
    const tag = byCode.get(code);
    return tag ? `${tagName(tag)}${tag.unit ? ` (${tag.unit})` : ''}` : code;
  };

  const total = unmapped.data?.total ?? 0;
  const listed = items?.length ?? 0;
  return (
    <Card
      title={t('tagMapping.unmapped.title')}
      extra={
        <Typography.Text type="secondary" data-testid="unmapped-total">
          {total > listed ? t('tagMapping.unmapped.totalListed', { total, count: listed }) : t('tagMapping.unmapped.total', { total })}
        </Typography.Text>
      }
    >
      <Typography.Paragraph type="secondary">{t('tagMapping.unmapped.hint')}</Typography.Paragraph>
      {unmapped.data?.full ? <Alert type="warning" showIcon title={t('tagMapping.unmapped.full', { max: LIMITS.unmappedNamesKeptMax })} style={{ marginBottom: 12 }} data-testid="unmapped-full" /> : null}
      <DataTable<Unmapped>
        source={{ data: items, isPending: unmapped.isPending, isFetching: unmapped.isFetching, error: unmapped.error, refetch: unmapped.refetch }}
        rowKey="rawName"
        state={state}
        onStateChange={(next) => setState({ page: next.page, pageSize: next.pageSize, sort: null })}
        emptyText={t('tagMapping.unmapped.empty')}
        size="small"
        data-testid="unmapped-table"
        columns={[
          { key: 'rawName', title: t('tagMapping.column.rawName'), render: (_: unknown, u: Unmapped) => <Typography.Text code>{u.rawName}</Typography.Text> },
          { key: 'count', title: t('tagMapping.column.count'), width: 90, align: 'right', render: (_: unknown, u: Unmapped) => number.format(u.count) },
          { key: 'firstSeen', title: t('tagMapping.column.firstSeen'), width: 160, render: (_: unknown, u: Unmapped) => at(u.firstSeen) },
          { key: 'lastSeen', title: t('tagMapping.column.lastSeen'), width: 160, render: (_: unknown, u: Unmapped) => at(u.lastSeen) },
          { key: 'lastValue', title: t('tagMapping.column.lastValue'), width: 110, align: 'right', render: (_: unknown, u: Unmapped) => (u.lastValue === null ? '—' : number.format(u.lastValue)) },
          {
            key: 'suggestions',
            title: t('tagMapping.column.suggestions'),
            render: (_: unknown, u: Unmapped) => {
              const list = suggestions.data?.get(u.rawName);
              if (!list) return suggestions.isFetching ? '…' : '—';
              if (list.length === 0) return <Typography.Text type="secondary">{t('tagMapping.unmapped.noSuggestion')}</Typography.Text>;
              return (
                <Space size={4} wrap>
                  {list.slice(0, 3).map((s) => (
                    <Tooltip key={s.code} title={`${s.code} · ${Math.round(s.score * 100)} %`}>
                      {canWrite && !inDraft.has(u.rawName) ? (
                        <Button size="small" onClick={() => onMap(u.rawName, s.code)} aria-label={t('tagMapping.unmapped.mapTo', { name: u.rawName, tag: suggestionLabel(s.code) })}>
                          {suggestionLabel(s.code)}
                        </Button>
                      ) : (
                        <Tag>{suggestionLabel(s.code)}</Tag>
                      )}
                    </Tooltip>
                  ))}
                </Space>
              );
            },
          },
          ...(canWrite
            ? [
                {
                  key: 'map',
                  title: '',
                  width: 120,
                  render: (_: unknown, u: Unmapped) =>
                    inDraft.has(u.rawName) ? (
                      <Tag color="blue">{t('tagMapping.unmapped.inTable')}</Tag>
                    ) : (
                      <Button type="link" onClick={() => onMap(u.rawName, suggestions.data?.get(u.rawName)?.[0]?.code ?? null)} aria-label={t('tagMapping.unmapped.map', { name: u.rawName })}>
                        {t('tagMapping.action.map')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
