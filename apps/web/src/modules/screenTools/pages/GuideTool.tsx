import { findTag, tagDisplayName, toolPagesContract as tp } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../core/api/client.js';
import { useFormat } from '../../../core/format.js';
import { dataText, type Translate, useT } from '../../../core/i18n.js';
import { chainageText } from '../labels.js';
import { ToolFrame } from '../ToolFrame.js';
import { atRunTime, Figure, Section, ToolSheet } from '../ToolSheet.js';
import type { ToolSession } from '../toolSession.js';
import { queryPart } from '../toolState.js';

type Guide = tp.GuideView;

/** The guidance tool (spec §2 /guideTool): where the shield is against the design axis, its strokes and its last rings. */
export function GuideToolPage() {
  return <ToolFrame tool="guideTool">{(session) => <GuideSheet session={session} />}</ToolFrame>;
}

function GuideSheet({ session }: { session: ToolSession }) {
  const t = useT();
  const { run } = session;
  const guide = useQuery({ queryKey: ['tool', 'guide', run.runId], queryFn: () => call(tp.toolGuide, { runId: run.runId }) });
  const data = guide.data;
  const when = data?.ts ? t('screenTools.guide.at', { time: atRunTime(data.ts, run.timeZone) }) : null;
  return (
    <ToolSheet session={session} title={t('screenTools.guide.title')} when={when} state={queryPart(guide)}>
      {data ? <GuideBody guide={data} machineType={run.machineType} /> : null}
    </ToolSheet>
  );
}

const outside = (value: number | null, tolerance: number) => value !== null && Math.abs(value) > tolerance;

/** A tag's name in the reader's language, the code itself for a tag the catalogue does not know. */
function tagName(t: Translate, machineType: Parameters<typeof findTag>[0], code: string): string {
  const tag = findTag(machineType, code);
  return tag ? tagDisplayName(tag, (key, vars) => dataText(t, key, vars)) : code;
}

function GuideBody({ guide, machineType }: { guide: Guide; machineType: Parameters<typeof findTag>[0] }) {
  const t = useT();
  const f = useFormat();
  const mm = (value: number | null) => (value === null ? '—' : t('screenTools.guide.mm', { value: f.number(value, 0) }));
  if (guide.ts === null) return <p className="tool-note">{t('screenTools.guide.noData')}</p>;
  const strokes = guide.strokes.filter((s) => s.value !== null);
  const values = strokes.map((s) => s.value ?? 0);
  const longest = Math.max(1, ...values);
  const tol = guide.toleranceMm;
  return (
    <>
      {guide.stale ? <p className="tool-note tool-note-warn">{t('screenTools.guide.stale')}</p> : null}
      <div className="tool-figures tool-figures-3">
        <Figure testId="figure-ring" label={t('screenTools.position.ring')} value={guide.ringNo ?? '—'} />
        <Figure testId="figure-chainage" label={t('screenTools.position.chainage')} value={<span className="tool-figure-text">{chainageText(guide.chainage)}</span>} />
        <Figure testId="figure-tolerance" label={t('screenTools.guide.tolerance')} value={`±${f.number(tol, 0)}`} note={t('screenTools.guide.mmUnit')} />
      </div>

      <Section title={t('screenTools.guide.deviations')} testId="tool-deviations">
        <div className="tool-pair">
          <Target testId="target-head" name={t('screenTools.guide.head')} horizontal={guide.head.horizontal} vertical={guide.head.vertical} tolerance={tol} mm={mm} />
          <Target testId="target-tail" name={t('screenTools.guide.tail')} horizontal={guide.tail.horizontal} vertical={guide.tail.vertical} tolerance={tol} mm={mm} />
        </div>
      </Section>

      {guide.attitude.length > 0 ? (
        <Section title={t('screenTools.guide.attitude')} testId="tool-attitude">
          <table className="tool-table">
            <tbody>
              {guide.attitude.map((a) => (
                <tr key={a.code} data-testid="tool-attitude-value">
                  <td>{tagName(t, machineType, a.code)}</td>
                  <td className="tool-num">
                    <strong>{a.value === null ? '—' : f.number(a.value, 1)}</strong> {a.unit ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      ) : null}

      <Section title={t('screenTools.guide.strokes')} testId="tool-strokes">
        {strokes.length === 0 ? (
          <p className="tool-note">{t('screenTools.guide.noStrokes')}</p>
        ) : (
          <>
            <ul className="tool-strokes">
              {strokes.map((s) => (
                <li key={s.code} className="tool-stroke" data-testid="tool-stroke">
                  <span>{tagName(t, machineType, s.code)}</span>
                  <span className="tool-stroke-bar" aria-hidden="true">
                    <span style={{ width: `${((s.value ?? 0) / longest) * 100}%` }} />
                  </span>
                  <strong className="tool-num">{mm(s.value)}</strong>
                </li>
              ))}
            </ul>
            {values.length > 1 ? <p className="tool-summary">{t('screenTools.guide.spread', { value: f.number(Math.max(...values) - Math.min(...values), 0) })}</p> : null}
          </>
        )}
      </Section>

      <Section title={t('screenTools.guide.lastRings')} testId="tool-rings">
        {guide.rings.length === 0 ? (
          <p className="tool-note">{t('screenTools.guide.noRings')}</p>
        ) : (
          <table className="tool-table">
            <thead>
              <tr>
                <th>{t('screenTools.position.ring')}</th>
                <th className="tool-num">{t('screenTools.guide.headH')}</th>
                <th className="tool-num">{t('screenTools.guide.headV')}</th>
                <th className="tool-num">{t('screenTools.guide.tailH')}</th>
                <th className="tool-num">{t('screenTools.guide.tailV')}</th>
              </tr>
            </thead>
            <tbody>
              {guide.rings.map((r) => (
                <tr key={r.ringNo} data-testid="tool-ring">
                  <td>{r.ringNo}</td>
                  {[r.headHorizontal, r.headVertical, r.tailHorizontal, r.tailVertical].map((v, i) => (
                    <td key={i} className={outside(v, tol) ? 'tool-num tool-out' : 'tool-num'}>
                      {v === null ? '—' : f.number(v, 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="tool-summary">{t('screenTools.guide.ringsNote')}</p>
      </Section>
    </>
  );
}

const SIZE = 220;
const C = SIZE / 2;
const R = 96;

/**
 * A bullseye: the design axis at the centre, the tolerance circle, the point where the shield's
 * head or tail is (right and up are positive), red outside the tolerance.
 */
function Target({ name, horizontal, vertical, tolerance, mm, testId }: { name: string; horizontal: number | null; vertical: number | null; tolerance: number; mm: (v: number | null) => string; testId: string }) {
  const t = useT();
  const h = horizontal ?? 0;
  const v = vertical ?? 0;
  const range = Math.max(tolerance * 2, Math.abs(h) * 1.15, Math.abs(v) * 1.15, 1);
  const scale = R / range;
  const known = horizontal !== null && vertical !== null;
  const out = Math.hypot(h, v) > tolerance;
  const colour = out ? '#a8071a' : '#135200';
  return (
    <div className={out && known ? 'tool-target tool-target-out' : 'tool-target'} data-testid={testId} data-outside={out && known ? 'yes' : 'no'}>
      <div className="tool-target-name">{name}</div>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={`${name}: ${t('screenTools.guide.horizontal')} ${mm(horizontal)}, ${t('screenTools.guide.vertical')} ${mm(vertical)}`}>
        <circle cx={C} cy={C} r={R} fill="#fafafa" stroke="#595959" strokeWidth={1.5} />
        <circle cx={C} cy={C} r={tolerance * scale} fill="#f6ffed" stroke="#135200" strokeWidth={2} strokeDasharray="6 4" data-testid="tolerance-circle" />
        <line x1={C - R} y1={C} x2={C + R} y2={C} stroke="#595959" strokeWidth={1} />
        <line x1={C} y1={C - R} x2={C} y2={C + R} stroke="#595959" strokeWidth={1} />
        <text x={C + tolerance * scale + 3} y={C - 4} fontSize={13} fill="#135200">
          {`±${Math.round(tolerance)}`}
        </text>
        <text x={C + R - 2} y={C + 16} fontSize={13} textAnchor="end" fill="#222">
          {Math.round(range)}
        </text>
        {known ? (
          <g data-testid="target-point">
            <line x1={C} y1={C} x2={C + h * scale} y2={C - v * scale} stroke={colour} strokeWidth={2} />
            <circle cx={C + h * scale} cy={C - v * scale} r={8} fill={colour} stroke="#fff" strokeWidth={2} />
          </g>
        ) : null}
      </svg>
      <div className="tool-target-values">
        <span className={outside(horizontal, tolerance) ? 'tool-target-out' : undefined}>
          {t('screenTools.guide.horizontal')}
          <strong data-testid={`${testId}-h`}>{mm(horizontal)}</strong>
        </span>
        <span className={outside(vertical, tolerance) ? 'tool-target-out' : undefined}>
          {t('screenTools.guide.vertical')}
          <strong data-testid={`${testId}-v`}>{mm(vertical)}</strong>
        </span>
      </div>
    </div>
  );
}
