import { DATE_FORMATS, toolPagesContract } from '@boreline/contracts';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { formatInstant, zoneOffset } from '../../core/format.js';
import { useT } from '../../core/i18n.js';
import type { Part } from './toolState.js';
import type { ToolSession } from './toolSession.js';

export interface ToolSheetProps {
  session: ToolSession;
  /** What the picture shows. */
  title: string;
  /** When: the shift, the day, the instant of the values, on the run's clock. */
  when: string | null;
  state: Part;
  children: ReactNode;
}

/** An instant on the run's clock with its offset from UTC: `25/11/2026 07:00 (UTC+01:00)`. */
export const atRunTime = (ms: number, timeZone: string): string => `${formatInstant(ms, timeZone, DATE_FORMATS.dateTime)} (UTC${zoneOffset(timeZone, ms)})`;

/** The time of day on the run's clock, `07:00`. */
export const clockTime = (ms: number, timeZone: string): string => dayjs(ms).tz(timeZone).format('HH:mm');

/**
 * The sheet every tool draws: its root carries `data-tool-state` (loading, ready once every part
 * is drawn, or error with the reason's key in `data-tool-error`); fixed width of its size, white,
 * a header with project, machine, what and when, and the footer with the time it was made.
 */
export function ToolSheet({ session, title, when, state, children }: ToolSheetProps) {
  const t = useT();
  const [generatedAt] = useState(() => Date.now());
  const { run, address } = session;
  const size = toolPagesContract.TOOL_SIZES[address.size];
  const failed = typeof state === 'object' ? state : null;
  return (
    <div
      className={`tool-page tool-${address.size}`}
      style={{ width: size.width, minHeight: size.height }}
      data-tool-state={failed ? 'error' : state}
      data-tool-error={failed ? failed.error : undefined}
      data-tool-size={address.size}
      data-testid="tool-page"
    >
      <header className="tool-head" data-testid="tool-head">
        <div className="tool-head-line">
          <span className="tool-project" data-testid="tool-project">
            {run.projectName}
          </span>
          <span className="tool-tbm">{t('screenTools.head.tbm', { tbm: run.tbmCode })}</span>
        </div>
        <h1 className="tool-title" data-testid="tool-title">
          {title}
        </h1>
        {when ? (
          <div className="tool-when" data-testid="tool-when">
            {when}
          </div>
        ) : null}
      </header>
      <main className="tool-body">
        {failed ? (
          <div className="tool-note tool-note-error" role="alert" data-testid="tool-error">
            <strong>{t(failed.error)}</strong>
            {failed.detail ? <div>{failed.detail}</div> : null}
          </div>
        ) : null}
        {children}
      </main>
      <footer className="tool-foot" data-testid="tool-foot">
        {t('screenTools.foot.generated', { time: atRunTime(generatedAt, run.timeZone) })}
      </footer>
    </div>
  );
}

/** A key figure: its label above a large value, a note below. */
export function Figure({ label, value, note, testId, tone }: { label: string; value: ReactNode; note?: ReactNode; testId: string; tone?: 'good' | 'bad' }) {
  return (
    <div className={tone ? `tool-figure tool-figure-${tone}` : 'tool-figure'} data-testid={testId} data-tone={tone}>
      <div className="tool-figure-label">{label}</div>
      <div className="tool-figure-value">{value}</div>
      {note ? <div className="tool-figure-note">{note}</div> : null}
    </div>
  );
}

/** A titled part of the sheet. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="tool-section" data-testid={testId}>
      <h2 className="tool-section-title">{title}</h2>
      {children}
    </section>
  );
}
