import { authContract, type SlideCaptcha } from '@boreline/contracts';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';

/**
 * Slide-puzzle unlock: drag the slider (or use the arrow keys) until the piece sits in the gap
 * whose outline matches it; the other gaps on its row are decoys. Both pictures are rasters drawn
 * by the server, so the page holds no drawing of where the gap is; the position is checked by the
 * server when the form is sent.
 */
export function SlidePuzzle(props: { refreshKey: number; onChange: (answer: { captchaId: string; slideX: number } | null) => void }) {
  const t = useT();
  const { onChange } = props;
  const [puzzle, setPuzzle] = useState<SlideCaptcha | null>(null);
  const [x, setX] = useState(0);

  const load = useCallback(() => {
    setPuzzle(null);
    setX(0);
    onChange(null);
    void call(authContract.captchaSlide, {}).then(setPuzzle, () => setPuzzle(null));
  }, [onChange]);

  useEffect(load, [load, props.refreshKey]);

  if (!puzzle) return <div style={{ height: 190 }} aria-busy="true" />;
  return (
    <div style={{ width: puzzle.width, maxWidth: '100%' }} data-testid="slide-puzzle">
      <div style={{ position: 'relative', width: puzzle.width, height: puzzle.height, borderRadius: 4, overflow: 'hidden' }}>
        <img src={puzzle.background} alt="" width={puzzle.width} height={puzzle.height} draggable={false} data-testid="slide-background" style={{ display: 'block' }} />
        <img
          src={puzzle.piece}
          alt=""
          data-testid="slide-piece"
          width={puzzle.pieceSize}
          height={puzzle.pieceSize}
          draggable={false}
          style={{ position: 'absolute', left: x, top: puzzle.pieceY, filter: 'drop-shadow(0 0 3px rgba(0,0,0,0.6))' }}
        />
      </div>
      <input
        type="range"
        min={0}
        max={puzzle.width - puzzle.pieceSize}
        value={x}
        aria-label={t('account.slide.handle')}
        data-testid="slide-handle"
        style={{ width: puzzle.width, maxWidth: '100%', marginTop: 8 }}
        onChange={(e) => {
          const next = Number(e.target.value);
          setX(next);
          onChange({ captchaId: puzzle.captchaId, slideX: next });
        }}
      />
      <div className="bl-muted">{t('account.slide.instruction')}</div>
    </div>
  );
}
