import type { graphContract as g } from '@boreline/contracts';
import type { CSSProperties } from 'react';
import { DrawingView } from './components/DrawingView.js';
import { ringAtChainage } from './geometry.js';
import { MapView, useTiles } from './pages/MapPage.js';

/**
 * The drawings and the map as pictures, for the screen tools (their pages load this part with
 * `loadGraphToolParts()`): drawn from data the tool read itself, without zoom buttons or
 * dragging, telling the tool when everything is drawn.
 */

export interface DrawingPictureProps {
  drawing: g.Drawing;
  setting: g.GraphSetting;
  overlay: g.Overlay;
  onPicture: (outcome: 'loaded' | 'failed') => void;
}

/** The drawing as large as its box is wide, in its own proportions, with the machine at the overlay's position. */
export function DrawingPicture({ drawing, setting, overlay, onPicture }: DrawingPictureProps) {
  const position = overlay.position;
  const machine = position ? { chainage: position.chainage, ring: position.ring ?? ringAtChainage(setting, position.chainage) } : null;
  const style = { '--drawing-aspect': `${drawing.width} / ${drawing.height}` } as CSSProperties;
  return (
    <div className="graph-picture" style={style}>
      <DrawingView drawing={drawing} setting={setting} overlay={overlay} machine={machine} tools={false} onPicture={onPicture} />
    </div>
  );
}

export interface MapPictureProps {
  runId: number;
  data: g.MapData;
  setting: g.GraphSetting;
  overlay: g.Overlay;
  onDrawn: () => void;
}

/** The GIS map with the machine at its last stored position, the tiles of the installation's source or the grid. */
export function MapPicture({ runId, data, setting, overlay, onDrawn }: MapPictureProps) {
  const { tiles } = useTiles(runId, data);
  const chainage = data.machine?.chainage ?? overlay.position?.chainage ?? null;
  return (
    <div className="graph-picture">
      <MapView data={data} setting={setting} overlay={overlay} chainage={chainage} tiles={tiles} interactive={false} onDrawn={onDrawn} />
    </div>
  );
}
