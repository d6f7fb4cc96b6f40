import { type LiveValues, type MachineType, REALTIME_PAGE_KEYS, type RealtimePage, realtimePageTags, type TagDef } from '@boreline/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveTrend } from './LiveTrend.js';
import { TagTable } from './TagTable.js';

export interface SubsystemTabProps {
  runId: number;
  machineType: MachineType;
  timeZone: string;
  page: RealtimePage;
  values: LiveValues;
  ts: number | null;
  stale: boolean;
}

/** One subsystem page: its values by subject, and the trend of those the user ticks. */
export function SubsystemTab({ runId, machineType, timeZone, page, values, ts, stale }: SubsystemTabProps) {
  const { t } = useTranslation();
  const tags = realtimePageTags(machineType, page);
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
      <TagTable tags={tags} values={values} stale={stale} chosen={chosen} onChosenChange={setChosen} label={t(REALTIME_PAGE_KEYS[page])} />
    </div>
  );
}
