import type { graphContract as g } from '@boreline/contracts';
import { useT } from '../../../core/i18n.js';
import { chainageText, statusName } from '../labels.js';
import { Figure } from '../ToolSheet.js';

/** Where the machine is by its last stored values: ring, chainage, state. */
export function PositionFigures({ position }: { position: g.MachinePosition | null }) {
  const t = useT();
  if (!position) return <p className="tool-note">{t('screenTools.position.none')}</p>;
  return (
    <div className="tool-figures tool-figures-3" data-testid="tool-position">
      <Figure testId="figure-ring" label={t('screenTools.position.ring')} value={position.ring ?? '—'} />
      <Figure testId="figure-chainage" label={t('screenTools.position.chainage')} value={<span className="tool-figure-text">{chainageText(position.chainage)}</span>} />
      <Figure testId="figure-state" label={t('screenTools.position.state')} value={<span className="tool-figure-text">{statusName(t, position.state)}</span>} />
    </div>
  );
}
