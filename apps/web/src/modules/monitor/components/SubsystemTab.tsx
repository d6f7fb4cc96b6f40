import { type LiveValues, type MachineType, type RealtimePage, realtimePageTags, type TagDef } from '@boreline/contracts';
import { useMemo, useState } from 'react';
import { LiveTrend } from './LiveTrend.js';
import { TagTable } from './TagTable.js';
import { useT } from '../../../core/i18n.js';
import { PAGE_LABELS } from './pageLabels.js';

export interface SubsystemTabProps {
  runId: number;
  machineType: MachineType;
  timeZone: string;
  page: RealtimePage;
  values: LiveValues;
  ts: number | null;
  stale: boolean;
  /** The run's own tags (each shown on its subsystem's page). */
  ownTags?: readonly TagDef[];
  /** Points with a current alarm and its level. */
  alarmed?: ReadonlyMap<string, 'alarm' | 'warning'>;
}

/** One subsystem page: its values by subject, and the trend of those the user ticks. */
export function SubsystemTab({ runId, machineType, timeZone, page, values, ts, stale, ownTags = [], alarmed }: SubsystemTabProps) {
  const t = useT();
  const tags = useMemo(() => realtimePageTags(machineType, page, ownTags), [machineType, page, ownTags]);
  const [chosen, setChosen] = useState<string[]>([]);
  const chosenTags = useMemo(() => chosen.flatMap((code): TagDef[] => tags.filter((tag) => tag.code === code)), [chosen, tags]);

  return (
    <div className="rt-subsystem" data-testid="subsystem-tab" data-page={page}>
      <div className="rt-trend-slot">
        <LiveTrend
          runId={runId}
          timeZone={timeZone}
          tags={chosenTags}
          values={values}
          ts={ts}
          onRemove={(code) => setChosen((current) => current.filter((c) => c !== code))}
        />
      </div>
      <TagTable tags={tags} values={values} stale={stale} chosen={chosen} onChosenChange={setChosen} label={t(PAGE_LABELS[page])} alarmed={alarmed} />
    </div>
  );
}
