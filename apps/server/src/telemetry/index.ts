/**
 * The machine-data platform's entry (ARCHITECTURE.md §5, §11): modules import telemetry only from
 * here. It holds the ingest pipeline, its typed events, the data sources, and the one reader of a
 * run's machine history.
 */
import type { IngestService } from './ingest.js';
import type { LatestValues } from './latestValues.js';

/** The ingest pipeline and the latest values it keeps, as the platform hands them to modules. */
export interface TelemetryPipeline {
  ingest: IngestService;
  latest: LatestValues;
}

export { builtRings, MachineHistory, emptyTotals, valueAt } from './machineHistory.js';
export type { DriveFigures, EngineNow, MachineCounters, RawFrames, RingListItem, RingRow, RingTagStatsRow, StateRow, StateTotals } from './machineHistory.js';
export { DomainEvents } from './events.js';
export type { DomainEventHandler, DomainEventMap, DomainEventName } from './events.js';
export { CHUNK_WINDOW_MS, IngestService } from './ingest.js';
export type { IngestResult, RunTelemetry } from './ingest.js';
export { LatestValues } from './latestValues.js';
export type { LatestSnapshot, MachineStateNow } from './latestValues.js';
export { FrameDecoder, type UnknownName } from './decode.js';
export { type Frame, TagLayout } from './frame.js';
export { recomputeCycles } from './recompute.js';
export { ImportedHistory, importedIntervals, type ImportedRingInput, type OriginSpan, type StoredSpan } from './importedHistory.js';
export type { RecomputeResult } from './recompute.js';
export type { SeriesResult } from './series.js';
export { lttb } from './store/downsample.js';
export { decodeTagStats } from './store/ringTagStats.repo.js';
export { TagMappingRepo } from './store/tagMapping.repo.js';
export { UnmappedTagsRepo, type UnmappedTagRow } from './store/unmappedTags.repo.js';
export type { RingRecord, StateInterval } from './cycle/cycleTypes.js';
export { MqttSource } from './sources/mqttSource.js';
export { continueDrive, type SimulatedRun, SimulatorSource } from './sources/simulatorSource.js';
export { fillHistory, type HistoryFigures } from './simulatedHistory.js';
export { Rng, mix32 } from './simulator/prng.js';
export { EXCURSION_POINTS, excursionLimits, hasStuckSensor, STUCK_SENSOR_AFTER_S } from './simulator/alarmExcursions.js';
export { defaultProfile } from './simulator/simProfile.js';
export { type OwnTagRecord, ownTagDef, ownTagName, RunTagsRepo, runTagList } from './store/runTags.repo.js';
