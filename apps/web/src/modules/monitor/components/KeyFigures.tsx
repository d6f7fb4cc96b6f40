import { findTag, KEY_TAGS, type LiveValues, type MachineType, type TagDef } from '@boreline/contracts';
import { useTagName } from '../hooks/useTagName.js';
import { formatTagValue, rangeState } from './tagValue.js';
import { useLocale, useT } from '../../../core/i18n.js';

/**
 * The figures an operator reads first: cutterhead speed and torque, advance speed, total thrust and
 * the face support pressure (EPB chamber top; a slurry shield's bubble chamber in the same role).
 */
export function keyFigureTags(machineType: MachineType): TagDef[] {
  const codes = [KEY_TAGS.cutterSpeed, KEY_TAGS.cutterTorque, KEY_TAGS.advanceSpeed, KEY_TAGS.totalThrust, KEY_TAGS.earthPressureTop, KEY_TAGS.bubblePressure];
  return codes.flatMap((code) => findTag(machineType, code) ?? []);
}

export interface KeyFiguresProps {
  machineType: MachineType;
  values: LiveValues;
  stale: boolean;
}

export function KeyFigures({ machineType, values, stale }: KeyFiguresProps) {
  const t = useT();
  const locale = useLocale();
  const nameOf = useTagName();
  return (
    <div className="rt-figures" role="list" aria-label={t('realtime.overview.keyFigures')}>
      {keyFigureTags(machineType).map((tag) => {
        const value = values[tag.code];
        const alarm = rangeState(tag, value);
        const tone = stale ? 'rt-stale' : alarm ? 'rt-alarm' : '';
        return (
          <div key={tag.code} className="rt-figure" role="listitem" data-testid="key-figure" data-code={tag.code}>
            <div className="rt-figure-name" title={nameOf(tag)}>
              {nameOf(tag)}
            </div>
            <div className={`rt-figure-value ${tone}`} data-alarm={alarm ?? undefined} data-stale={stale || undefined}>
              <span data-testid="key-figure-value">{formatTagValue(tag, value, locale)}</span>
              <span className="rt-figure-unit">{tag.unit}</span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
