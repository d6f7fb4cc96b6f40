/**
 * What the alarm API asks of the alarm runtime (the engine at ingest): settings and shelves are
 * read into memory per run, so a change must reach the runtime before the next frame is judged.
 * The runtime also listens on the bus, so a change made on another instance reaches it too.
 */
export interface AlarmRuntimeControl {
  /** A run's part alarm settings or alarm settings changed: re-read them (a point switched off ends its active alarm). */
  settingsChanged(runId: number): Promise<void>;
  /** A point of a run was shelved or unshelved: re-read the run's shelves. */
  shelvesChanged(runId: number): Promise<void>;
}
