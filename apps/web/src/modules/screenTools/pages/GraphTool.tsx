import { graphContract as g, RESULT_CODE } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { ApiError, call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { lazyComponent } from '../../../core/routing.js';
import { loadGraphToolParts } from '../../graph/index.js';
import { ToolFrame } from '../ToolFrame.js';
import { atRunTime, ToolSheet } from '../ToolSheet.js';
import type { ToolSession } from '../toolSession.js';
import { type Part, pageState, queryPart, TOOL_ERRORS } from '../toolState.js';
import { PositionFigures } from './position.js';

const DrawingPicture = lazyComponent(loadGraphToolParts, (m) => m.DrawingPicture);

/** The drawing tool (spec §2 /graphTool): the floor plan or the long section with the machine's position and the rings. */
export function GraphToolPage() {
  return <ToolFrame tool="graphTool">{(session) => <GraphSheet session={session} />}</ToolFrame>;
}

function GraphSheet({ session }: { session: ToolSession }) {
  const t = useT();
  const { run, language } = session;
  const runId = run.runId;
  const name = session.address.params.drawing ?? 'plan';
  const setting = useQuery({ queryKey: ['tool', 'graphSetting', runId], queryFn: () => call(g.getGraphSetting, { runId }) });
  // The drawing of the page's language, its screenshot variant first; the server falls back to the plain and the default ones.
  const key = g.drawingKey({ runId, name, lang: language, variant: 'screenshot' });
  const drawing = useQuery({ queryKey: ['tool', 'drawing', key], queryFn: () => call(g.drawingByKey, { runId, key }), retry: false });
  const overlay = useQuery({ queryKey: ['tool', 'overlay', runId], queryFn: () => call(g.overlay, { runId }) });
  const [picture, setPicture] = useState<Part>('loading');

  // No drawing uploaded is an answer the picture shows; a refusal is an error.
  const refused = drawing.error instanceof ApiError && drawing.error.code === RESULT_CODE.forbidden;
  const missing = drawing.isError && !refused;
  const parts: Part[] = [queryPart(setting), queryPart(overlay), missing ? 'ready' : queryPart(drawing)];
  if (drawing.isSuccess) parts.push(picture);
  const position = overlay.data?.position ?? null;
  const when = position?.at ? t('screenTools.position.at', { time: atRunTime(position.at, run.timeZone) }) : null;
  return (
    <ToolSheet session={session} title={t(name === 'plan' ? 'screenTools.graph.titlePlan' : 'screenTools.graph.titleSection')} when={when} state={pageState(parts)}>
      {overlay.data ? <PositionFigures position={position} /> : null}
      {missing ? (
        <p className="tool-note" data-testid="tool-no-drawing">
          {t(name === 'plan' ? 'screenTools.graph.noPlan' : 'screenTools.graph.noSection')}
        </p>
      ) : null}
      {drawing.data && !drawing.data.calibration ? <p className="tool-note tool-note-warn">{t('screenTools.graph.uncalibrated')}</p> : null}
      {drawing.data && setting.data && overlay.data ? (
        <Suspense fallback={null}>
          <DrawingPicture
            drawing={drawing.data}
            setting={setting.data}
            overlay={overlay.data}
            onPicture={(outcome) => setPicture(outcome === 'loaded' ? 'ready' : { error: TOOL_ERRORS.picture })}
          />
        </Suspense>
      ) : null}
    </ToolSheet>
  );
}
