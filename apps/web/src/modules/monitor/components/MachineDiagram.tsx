import type { LiveValues, MachineType } from '@boreline/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { applyStatus, applyValues, type DiagramStatus, importDiagram } from './diagramSvg.js';
import { useLocale, useT } from '../../../core/i18n.js';

export interface MachineDiagramProps {
  /** The SVG text as the server draws it for the run's machine type. */
  svg: string;
  machineType: MachineType;
  values: LiveValues;
  /** The data is not live: values are shown grey. */
  stale: boolean;
  status: DiagramStatus;
}

/**
 * The machine diagram with live values. The SVG is inserted once per drawing; afterwards only the
 * texts and attributes that changed are written, so a message a second costs no re-layout of the
 * whole drawing and React never owns the SVG's nodes.
 */
export function MachineDiagram({ svg, machineType, values, stale, status }: MachineDiagramProps) {
  const t = useT();
  const locale = useLocale();
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<SVGSVGElement | null>(null);

  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    const node = importDiagram(svg, element.ownerDocument);
    if (node) element.replaceChildren(node);
    else element.replaceChildren();
    setRoot(node);
    return () => element.replaceChildren();
  }, [svg]);

  useLayoutEffect(() => {
    if (root) applyValues(root, { machineType, values, stale, locale });
  }, [root, machineType, values, stale, locale]);

  const { state, since, ring, chainage, connection } = status;
  useLayoutEffect(() => {
    if (root) applyStatus(root, { state, since, ring, chainage, connection });
  }, [root, state, since, ring, chainage, connection]);

  return <div ref={host} className="rt-diagram" role="figure" aria-label={t('realtime.overview.diagram')} data-testid="machine-diagram" />;
}
