import { CheckOutlined, SettingOutlined, SoundOutlined } from '@ant-design/icons';
import { alarmContract as a, DATE_FORMATS } from '@boreline/contracts';
import { Button, Card, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { type Key, useEffect, useRef, useState } from 'react';
import { formatInstant } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable.js';
import { type Alarm, type AlarmLevel, type CurrentFilter, type Shelf, unshelvePoint, useHistoryParams, useRefreshAlarms } from '../api.js';
import { AlarmDetailDrawer } from '../components/AlarmDetailDrawer.js';
import { AlarmNav } from '../components/AlarmNav.js';
import { AlarmMarks, LevelTag, StateTag } from '../components/AlarmTags.js';
import { beep, flashTitle, prepareSound, useAnnounceSetting } from '../components/announce.js';
import { type Handling, HandlingDialogs } from '../components/HandlingDialogs.js';
import { LEVEL_LABELS } from '../labels.js';
import { useLiveCurrentAlarms, useRealtimeStatus } from '../live.js';
import '../alarm.css';

const NONE = '—';
const isUnacked = (alarm: Alarm) => alarm.state === 'activeUnacked' || alarm.state === 'clearedUnacked';

/** The current alarms of the current run (spec §2 alarm/present_alarm), live. */
export function PresentAlarmPage() {
  const run = useFramework((s) => s.run);
  return run ? <Present run={run} /> : <ChooseProject />;
}

function Present({ run }: { run: CurrentRun }) {
  const t = useT();
  const canHandle = useFramework((s) => canUse(s, 'alarm.record.handle'));
  const canConfigure = useFramework((s) => canUse(s, 'alarm.settings.write'));
  const [filter, setFilter] = useState<CurrentFilter>({});
  const [selected, setSelected] = useState<Key[]>([]);
  const [handling, setHandling] = useState<Handling>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [announce, setAnnounce] = useAnnounceSetting();
  const status = useRealtimeStatus();

  // A raised notice names its alarm: once the re-read shows it, a new non-backfill one is announced.
  const waiting = useRef(new Set<number>());
  const current = useLiveCurrentAlarms(run.runId, filter, (body) => {
    if (body?.event === 'raised' && body.alarmId !== null) waiting.current.add(body.alarmId);
  });
  const params = useHistoryParams(run.runId);
  const data = current.data;
  const alarms = data?.alarms ?? [];

  useEffect(() => {
    if (!data || waiting.current.size === 0) return;
    const arrived = data.alarms.filter((alarm) => waiting.current.has(alarm.id));
    for (const alarm of arrived) waiting.current.delete(alarm.id);
    const fresh = arrived.filter((alarm) => !alarm.backfill);
    if (!announce || fresh.length === 0) return;
    beep();
    flashTitle(t('alarmWeb.present.newAlarm', { name: fresh[0]?.name ?? '' }));
  }, [data, announce, t]);

  // Rows that left the list leave the selection.
  const unackedIds = new Set(alarms.filter(isUnacked).map((alarm) => alarm.id));
  const chosen = selected.filter((key) => unackedIds.has(Number(key)));

  const refresh = useRefreshAlarms(run.runId);
  const unshelve = useMutationWithNotice({
    mutationFn: (point: string) => unshelvePoint({ runId: run.runId, point }),
    success: t('alarmWeb.shelve.undone'),
    onSuccess: () => void refresh(),
  });

  const columns: DataTableColumn<Alarm>[] = [
    { key: 'level', title: t('alarmWeb.field.level'), width: 84, render: (_: unknown, alarm) => <LevelTag level={alarm.level} /> },
    { key: 'state', title: t('alarmWeb.field.state'), render: (_: unknown, alarm) => <StateTag state={alarm.state} /> },
    {
      key: 'number',
      title: t('alarmWeb.field.number'),
      width: 64,
      render: (_: unknown, alarm) => (
        <Button type="link" size="small" onClick={() => setDetailId(alarm.id)} data-testid="open-detail">
          {alarm.number}
        </Button>
      ),
    },
    {
      key: 'startTs',
      title: t('alarmWeb.field.startTs'),
      className: 'alarm-nowrap',
      render: (_: unknown, alarm) => formatInstant(alarm.startTs, run.timeZone, DATE_FORMATS.dateTimeSeconds),
    },
    {
      key: 'name',
      title: t('alarmWeb.field.name'),
      width: '30%',
      render: (_: unknown, alarm) => (
        <>
          <div className="alarm-name" data-testid="alarm-name">
            {alarm.name}
          </div>
          <Typography.Text type="secondary" className="alarm-content">
            {alarm.content}
          </Typography.Text>
        </>
      ),
    },
    { key: 'subsystem', title: t('alarmWeb.field.subsystem'), render: (_: unknown, alarm) => subsystemName(alarm.subsystem) },
    { key: 'ringNo', title: t('alarmWeb.field.ringNo'), width: 64, render: (_: unknown, alarm) => alarm.ringNo ?? NONE },
    { key: 'marks', title: t('alarmWeb.field.marks'), render: (_: unknown, alarm) => <AlarmMarks alarm={alarm} /> },
    { key: 'assignee', title: t('alarmWeb.field.assignee'), render: (_: unknown, alarm) => alarm.assignee?.name ?? NONE },
  ];
  if (canHandle) {
    columns.push({
      key: 'actions',
      title: t('alarmWeb.column.actions'),
      width: 190,
      render: (_: unknown, alarm) => (
        <Space size={0} wrap>
          {isUnacked(alarm) ? (
            <Button size="small" type="link" onClick={() => setHandling({ kind: 'ack', ids: [alarm.id] })} data-testid="ack-one">
              {t('alarmWeb.do.ack')}
            </Button>
          ) : null}
          <Button size="small" type="link" onClick={() => setHandling({ kind: 'assign', alarm })} data-testid="assign-one">
            {t('alarmWeb.do.assign')}
          </Button>
          {alarm.kind === 'point' || alarm.kind === 'guidance' ? (
            <Button
              size="small"
              type="link"
              disabled={alarm.shelvedUntil !== null}
              onClick={() => setHandling({ kind: 'shelve', point: alarm.point, name: alarm.name })}
              data-testid="shelve-one"
            >
              {t('alarmWeb.do.shelve')}
            </Button>
          ) : null}
        </Space>
      ),
    });
  }

  const subsystems = params.data?.subsystems ?? [];
  function subsystemName(code: string | null): string {
    if (code === null) return NONE;
    return subsystems.find((s) => s.code === code)?.name ?? code;
  }
  const filtered = filter.level !== undefined || filter.subsystem !== undefined;

  return (
    <div className="alarm-page" data-testid="alarm-present">
      <AlarmNav
        extra={
          <Space>
            <Tooltip title={t('alarmWeb.present.announceHint')}>
              <Space size={6}>
                <SoundOutlined />
                <Switch
                  size="small"
                  checked={announce}
                  onChange={(on) => {
                    if (on) prepareSound();
                    setAnnounce(on);
                  }} aria-label={t('alarmWeb.present.announce')} data-testid="announce-toggle" />
                <span>{t('alarmWeb.present.announce')}</span>
              </Space>
            </Tooltip>
            {canConfigure ? (
              <Button icon={<SettingOutlined />} onClick={() => setHandling({ kind: 'settings' })} data-testid="open-settings">
                {t('alarmWeb.settings.open')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Card size="small">
        <Space wrap className="alarm-toolbar">
          <Select<AlarmLevel>
            allowClear
            style={{ width: 140 }}
            placeholder={t('alarmWeb.filter.allLevels')}
            aria-label={t('alarmWeb.field.level')}
            value={filter.level}
            onChange={(level) => setFilter((f) => ({ ...f, level }))}
            options={a.ALARM_LEVELS.map((level) => ({ value: level, label: t(LEVEL_LABELS[level]) }))}
            data-testid="filter-level"
          />
          <Select<string>
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 200 }}
            placeholder={t('alarmWeb.filter.allSubsystems')}
            aria-label={t('alarmWeb.field.subsystem')}
            value={filter.subsystem}
            onChange={(subsystem) => setFilter((f) => ({ ...f, subsystem }))}
            options={subsystems.map((s) => ({ value: s.code, label: s.name }))}
            data-testid="filter-subsystem"
          />
          <span className="alarm-counts" aria-live="polite" data-testid="alarm-counts">
            <Tag color="red">{t('alarmWeb.present.countAlarm', { count: data?.counts.alarm ?? 0 })}</Tag>
            <Tag color="gold">{t('alarmWeb.present.countWarning', { count: data?.counts.warning ?? 0 })}</Tag>
            <Tag>{t('alarmWeb.present.countUnacked', { count: data?.counts.unacked ?? 0 })}</Tag>
          </span>
          <Typography.Text type="secondary" data-testid="alarm-live" data-live={status === 'open'}>
            {status === 'open' ? t('alarmWeb.present.live') : t('alarmWeb.present.polling')}
          </Typography.Text>
        </Space>
        <DataTable<Alarm>
          source={{ data: data?.alarms, isPending: current.isPending, isFetching: current.isPending && current.isFetching, error: current.error, refetch: current.refetch }}
          rowKey="id"
          size="middle"
          columns={columns}
          selection={canHandle ? { keys: chosen, onChange: setSelected } : undefined}
          rowClassName={(alarm) => `alarm-row alarm-row-${alarm.level}${alarm.endTs === null ? '' : ' alarm-row-cleared'}`}
          emptyText={filtered ? t('alarmWeb.present.emptyFiltered') : t('alarmWeb.present.empty')}
          toolbar={
            canHandle ? (
              <Button icon={<CheckOutlined />} disabled={chosen.length === 0} onClick={() => setHandling({ kind: 'ack', ids: chosen.map(Number) })} data-testid="ack-selected">
                {t('alarmWeb.do.ackSelected', { count: chosen.length })}
              </Button>
            ) : null
          }
          data-testid="present-table"
        />
      </Card>
      <ShelvedList shelved={data?.shelved ?? []} timeZone={run.timeZone} canHandle={canHandle} onUnshelve={(point) => unshelve.mutateAsync(point)} />
      <HandlingDialogs
        runId={run.runId}
        open={handling}
        onClose={() => setHandling(null)}
        onDone={(kind) => {
          if (kind === 'ack') setSelected([]);
        }}
      />
      <AlarmDetailDrawer runId={run.runId} timeZone={run.timeZone} alarmId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}

/** Points shelved now: until when, why, by whom; unshelving ends it early. */
function ShelvedList({ shelved, timeZone, canHandle, onUnshelve }: { shelved: Shelf[]; timeZone: string; canHandle: boolean; onUnshelve: (point: string) => Promise<unknown> }) {
  const t = useT();
  if (shelved.length === 0) return null;
  return (
    <Card size="small" title={t('alarmWeb.shelve.listTitle', { count: shelved.length })} className="alarm-shelved" data-testid="shelved-list">
      <Table<Shelf>
        size="small"
        rowKey="point"
        pagination={false}
        dataSource={shelved}
        columns={[
          { key: 'name', title: t('alarmWeb.field.name'), render: (_: unknown, shelf) => `${shelf.name} (${shelf.point})` },
          { key: 'until', title: t('alarmWeb.shelve.until'), width: 170, render: (_: unknown, shelf) => formatInstant(shelf.until, timeZone, DATE_FORMATS.dateTime) },
          { key: 'reason', title: t('alarmWeb.shelve.reason'), render: (_: unknown, shelf) => shelf.reason },
          { key: 'by', title: t('alarmWeb.shelve.by'), width: 120, render: (_: unknown, shelf) => shelf.by?.name ?? NONE },
          ...(canHandle
            ? [
                {
                  key: 'actions',
                  title: t('alarmWeb.column.actions'),
                  width: 120,
                  render: (_: unknown, shelf: Shelf) => (
                    <Popconfirm title={t('alarmWeb.shelve.unshelveConfirm', { name: shelf.name })} onConfirm={() => onUnshelve(shelf.point)} okText={t('alarmWeb.do.unshelve')}>
                      <Button size="small" type="link" data-testid="unshelve">
                        {t('alarmWeb.do.unshelve')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
