import { graphContract as g } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { lazyComponent } from '../../../core/routing.js';
import { loadGraphToolParts } from '../../graph/index.js';
import { ToolFrame } from '../ToolFrame.js';
import { atRunTime, ToolSheet } from '../ToolSheet.js';
import type { ToolSession } from '../toolSession.js';
import { type Part, pageState, queryPart } from '../toolState.js';
import { PositionFigures } from './position.js';

const MapPicture = lazyComponent(loadGraphToolParts, (m) => m.MapPicture);

/** The map tool (spec §2 /screenshotTool/bMapTool): the GIS map with the machine's position. */
export function MapToolPage() {
  return <ToolFrame tool="bMapTool">{(session) => <MapSheet session={session} />}</ToolFrame>;
}

function MapSheet({ session }: { session: ToolSession }) {
  const t = useT();
  const runId = session.run.runId;
  const setting = useQuery({ queryKey: ['tool', 'graphSetting', runId], queryFn: () => call(g.getGraphSetting, { runId }) });
  const map = useQuery({ queryKey: ['tool', 'map', runId], queryFn: () => call(g.mapQuery, { runId }) });
  const overlay = useQuery({ queryKey: ['tool', 'overlay', runId], queryFn: () => call(g.overlay, { runId }) });
  const [drawn, setDrawn] = useState(false);
  const noAlignment = map.data?.alignment.length === 0;
  const parts: Part[] = [queryPart(setting), queryPart(map), queryPart(overlay)];
  if (map.data && !noAlignment) parts.push(drawn ? 'ready' : 'loading');
  const position = overlay.data?.position ?? null;
  const when = position?.at ? t('screenTools.position.at', { time: atRunTime(position.at, session.run.timeZone) }) : null;
  return (
    <ToolSheet session={session} title={t('screenTools.map.title')} when={when} state={pageState(parts)}>
      {overlay.data ? <PositionFigures position={position} /> : null}
      {noAlignment ? (
        <p className="tool-note" data-testid="tool-no-alignment">
          {t('screenTools.map.noAlignment')}
        </p>
      ) : null}
      {map.data && !noAlignment && setting.data && overlay.data ? (
        <Suspense fallback={null}>
          <MapPicture runId={runId} data={map.data} setting={setting.data} overlay={overlay.data} onDrawn={() => setDrawn(true)} />
        </Suspense>
      ) : null}
    </ToolSheet>
  );
}
