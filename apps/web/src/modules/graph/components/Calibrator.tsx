import { DeleteOutlined } from '@ant-design/icons';
import { formatChainage, graphContract as g, parseChainage, type Point } from '@boreline/contracts';
import { Alert, Button, Card, Input, InputNumber, Radio, Space } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../../core/api/client.js';
import { fieldProblems, issueText } from '../../../core/forms.js';
import { type Translate, useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { calibrateDrawing, type Calibration, type Drawing, type GraphSetting, type Overlay } from '../api.js';
import { AXIS_SLOT_LABELS } from '../labels.js';
import { DrawingView, type PendingMark } from './DrawingView.js';

/** A chainage typed as `12+345.6` (optionally with a line prefix) or as metres; null when it is neither. */
export function chainageFromText(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return parseChainage(trimmed);
}

/** A level typed in metres (`-12.5`, `31,2`); null otherwise. */
function levelFromText(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}

interface CalibratorProps {
  runId: number;
  drawing: Drawing;
  setting: GraphSetting;
  overlay: Overlay | undefined;
  machine: { chainage: number; ring: number | null } | null;
  onDone: (saved: Drawing | null) => void;
}

/** What the server said of a refused calibration: its message and the marks it named. */
function serverProblems(error: unknown, t: Translate): string[] {
  if (!(error instanceof ApiError)) return [String(error)];
  if (error.code === 1 || error.code === 2) return [];
  const fields = fieldProblems(error).map((p) => (p.message === error.message ? null : p.message)).filter((m): m is string => m !== null);
  return [error.message || t('graphWeb.calibrate.failed'), ...fields];
}

function useSave(runId: number, drawing: Drawing, onDone: CalibratorProps['onDone']) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const save = async (calibration: Calibration | null) => {
    setSaving(true);
    setProblems([]);
    try {
      const saved = await calibrateDrawing({ runId, id: drawing.id, calibration });
      notify.show('success', t('graphWeb.calibrate.saved'));
      onDone(saved);
    } catch (error) {
      setProblems(serverProblems(error, t));
    } finally {
      setSaving(false);
    }
  };
  return { saving, problems, setProblems, save };
}

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="calibration-problems"
      title={problems[0]}
      description={problems.length > 1 ? (
        <ul>
          {problems.slice(1).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : undefined}
    />
  );
}

interface AlignmentMark {
  key: number;
  x: number;
  y: number;
  chainage: string;
}

/**
 * Calibration of a plan or map: click points on the drawn alignment in driving order and enter each
 * one's chainage (`12+345.6` or metres). At least two marks, more along curves.
 */
export function AlignmentCalibrator({ runId, drawing, setting, overlay, machine, onDone }: CalibratorProps) {
  const t = useT();
  const sequence = useRef(0);
  const initial = drawing.calibration?.kind === 'alignment' ? drawing.calibration.points : [];
  const [marks, setMarks] = useState<AlignmentMark[]>(() =>
    initial.map((p) => {
      sequence.current += 1;
      return { key: sequence.current, x: p.x, y: p.y, chainage: formatChainage(p.chainage, 3) };
    }),
  );
  const [wrong, setWrong] = useState<Set<number>>(new Set());
  const { saving, problems, setProblems, save } = useSave(runId, drawing, onDone);
  const inputs = useRef(new Map<number, HTMLInputElement | null>());

  const pick = (point: Point) => {
    sequence.current += 1;
    const key = sequence.current;
    setMarks((list) => [...list, { key, x: point.x, y: point.y, chainage: '' }]);
    setTimeout(() => inputs.current.get(key)?.focus(), 0);
  };

  const submit = () => {
    const bad = new Set(marks.filter((m) => chainageFromText(m.chainage) === null).map((m) => m.key));
    setWrong(bad);
    if (bad.size > 0) {
      setProblems([t('validation.chainage')]);
      return;
    }
    const calibration = { kind: 'alignment' as const, points: marks.map((m) => ({ x: m.x, y: m.y, chainage: chainageFromText(m.chainage) as number })) };
    const checked = g.AlignmentCalibrationSchema.safeParse(calibration);
    if (!checked.success) {
      setProblems([issueText(checked.error.issues[0], t)]);
      return;
    }
    void save(checked.data);
  };

  const pending: PendingMark[] = marks.map((m, i) => ({ x: m.x, y: m.y, label: m.chainage.trim() || String(i + 1) }));
  return (
    <>
      <Card size="small" title={t('graphWeb.calibrate.title')} data-testid="calibration-panel">
        <p>{t('graphWeb.calibrate.alignmentHelp')}</p>
        <div className="graph-marks">
          {marks.length === 0 && <span className="graph-hint">{t('graphWeb.calibrate.noMarks')}</span>}
          {marks.map((mark, i) => (
            <div key={mark.key} className="graph-mark-row" data-testid="calibration-row">
              <span className="graph-num">{t('graphWeb.calibrate.mark', { n: i + 1, x: Math.round(mark.x), y: Math.round(mark.y) })}</span>
              <Input
                ref={(el) => {
                  inputs.current.set(mark.key, el?.input ?? null);
                }}
                style={{ width: 200 }}
                value={mark.chainage}
                status={wrong.has(mark.key) ? 'error' : undefined}
                placeholder={t('graphWeb.calibrate.chainagePlaceholder')}
                aria-label={t('graphWeb.calibrate.chainageOf', { n: i + 1 })}
                onChange={(event) => {
                  const value = event.target.value;
                  setMarks((list) => list.map((m) => (m.key === mark.key ? { ...m, chainage: value } : m)));
                }}
                onPressEnter={submit}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('graphWeb.calibrate.removeMark', { n: i + 1 })}
                onClick={() => setMarks((list) => list.filter((m) => m.key !== mark.key))}
              />
            </div>
          ))}
        </div>
        <Problems problems={problems} />
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" loading={saving} onClick={submit} data-testid="calibration-save">
            {t('graphWeb.calibrate.save')}
          </Button>
          <Button onClick={() => onDone(null)} disabled={saving}>
            {t('graphWeb.calibrate.cancel')}
          </Button>
          {marks.length > 0 && (
            <Button onClick={() => setMarks([])} disabled={saving}>
              {t('graphWeb.calibrate.clear')}
            </Button>
          )}
        </Space>
      </Card>
      <DrawingView drawing={drawing} setting={setting} overlay={overlay} machine={machine} onPick={pick} marks={pending} />
    </>
  );
}

const SLOTS = ['chainageA', 'chainageB', 'levelA', 'levelB'] as const;
type Slot = (typeof SLOTS)[number];
interface AxisSlot {
  pixel: number | null;
  value: string;
}

/**
 * Calibration of a section: two marks on its chainage (horizontal) axis and two on its level
 * (vertical) axis, each clicked on the picture and given its value.
 */
export function AxesCalibrator({ runId, drawing, setting, overlay, machine, onDone }: CalibratorProps) {
  const t = useT();
  const current = drawing.calibration?.kind === 'axes' ? drawing.calibration : null;
  const [slots, setSlots] = useState<Record<Slot, AxisSlot>>(() => ({
    chainageA: current ? { pixel: current.chainage.a.pixel, value: formatChainage(current.chainage.a.value, 3) } : { pixel: null, value: '' },
    chainageB: current ? { pixel: current.chainage.b.pixel, value: formatChainage(current.chainage.b.value, 3) } : { pixel: null, value: '' },
    levelA: current ? { pixel: current.level.a.pixel, value: String(current.level.a.value) } : { pixel: null, value: '' },
    levelB: current ? { pixel: current.level.b.pixel, value: String(current.level.b.value) } : { pixel: null, value: '' },
  }));
  const [active, setActive] = useState<Slot>('chainageA');
  const { saving, problems, setProblems, save } = useSave(runId, drawing, onDone);
  const isChainage = (slot: Slot) => slot.startsWith('chainage');

  const pick = (point: Point) => {
    setSlots((all) => ({ ...all, [active]: { ...all[active], pixel: isChainage(active) ? point.x : point.y } }));
    const next = SLOTS[SLOTS.indexOf(active) + 1];
    if (next) setActive(next);
  };

  const submit = () => {
    const value = (slot: Slot) => (isChainage(slot) ? chainageFromText(slots[slot].value) : levelFromText(slots[slot].value));
    const missing = SLOTS.find((slot) => slots[slot].pixel === null || value(slot) === null);
    if (missing) {
      setProblems([t('graphWeb.calibrate.axesIncomplete', { mark: t(AXIS_SLOT_LABELS[missing].label) })]);
      return;
    }
    const mark = (slot: Slot) => ({ pixel: slots[slot].pixel as number, value: value(slot) as number });
    const calibration = { kind: 'axes' as const, chainage: { a: mark('chainageA'), b: mark('chainageB') }, level: { a: mark('levelA'), b: mark('levelB') } };
    const checked = g.AxesCalibrationSchema.safeParse(calibration);
    if (!checked.success) {
      setProblems([issueText(checked.error.issues[0], t)]);
      return;
    }
    void save(checked.data);
  };

  const pending: PendingMark[] = SLOTS.flatMap((slot) => {
    const pixel = slots[slot].pixel;
    if (pixel === null) return [];
    const label = slots[slot].value.trim() || t(AXIS_SLOT_LABELS[slot].label);
    return [isChainage(slot) ? { x: pixel, y: drawing.height / 2, label, axis: 'x' as const } : { x: drawing.width / 2, y: pixel, label, axis: 'y' as const }];
  });

  return (
    <>
      <Card size="small" title={t('graphWeb.calibrate.title')} data-testid="calibration-panel">
        <p>{t('graphWeb.calibrate.axesHelp')}</p>
        <Radio.Group value={active} onChange={(event) => setActive(event.target.value as Slot)} className="graph-marks">
          {SLOTS.map((slot) => (
            <div key={slot} className="graph-mark-row" data-testid="calibration-row">
              <Radio value={slot}>{t(AXIS_SLOT_LABELS[slot].label)}</Radio>
              <span className="graph-num">
                {slots[slot].pixel === null
                  ? t('graphWeb.calibrate.notPlaced')
                  : t(isChainage(slot) ? 'graphWeb.calibrate.pixelX' : 'graphWeb.calibrate.pixelY', { pixel: Math.round(slots[slot].pixel ?? 0) })}
              </span>
              {isChainage(slot) ? (
                <Input
                  style={{ width: 180 }}
                  value={slots[slot].value}
                  placeholder={t('graphWeb.calibrate.chainagePlaceholder')}
                  aria-label={t(AXIS_SLOT_LABELS[slot].value)}
                  onChange={(event) => {
                    const text = event.target.value;
                    setSlots((all) => ({ ...all, [slot]: { ...all[slot], value: text } }));
                  }}
                />
              ) : (
                <InputNumber
                  style={{ width: 180 }}
                  value={slots[slot].value === '' ? null : Number(slots[slot].value)}
                  placeholder={t('graphWeb.calibrate.levelPlaceholder')}
                  aria-label={t(AXIS_SLOT_LABELS[slot].value)}
                  onChange={(v) => setSlots((all) => ({ ...all, [slot]: { ...all[slot], value: v === null ? '' : String(v) } }))}
                />
              )}
            </div>
          ))}
        </Radio.Group>
        <Problems problems={problems} />
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" loading={saving} onClick={submit} data-testid="calibration-save">
            {t('graphWeb.calibrate.save')}
          </Button>
          <Button onClick={() => onDone(null)} disabled={saving}>
            {t('graphWeb.calibrate.cancel')}
          </Button>
        </Space>
      </Card>
      <DrawingView drawing={drawing} setting={setting} overlay={overlay} machine={machine} onPick={pick} marks={pending} />
    </>
  );
}
