import type { ReactNode } from 'react';

/** One key figure: what it is, its value, and a note (the plan, the split, why there is none). */
export function Figure({ label, value, note, testId }: { label: string; value: ReactNode; note?: ReactNode; testId: string }) {
  return (
    <div className="stat-figure" data-testid={testId}>
      <div className="stat-figure-label">{label}</div>
      <div className="stat-figure-value">{value}</div>
      {note ? <div className="stat-figure-note">{note}</div> : null}
    </div>
  );
}
