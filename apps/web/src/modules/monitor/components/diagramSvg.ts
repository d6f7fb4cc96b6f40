import { findTag, KEY_TAGS, type LiveValues, type MachineType } from '@boreline/contracts';
import { formatTagValue, rangeState } from './tagValue.js';

/** Red of a value outside its normal range; grey of values that are not live. */
export const ALARM_FILL = '#cf1322';
export const STALE_FILL = '#9aa4ad';

/** The texts the page fills from the run's state rather than from a tag. */
export interface DiagramStatus {
  state: string;
  since: string;
  ring: string;
  chainage: string;
  connection: string;
}

const STATUS_ATTRIBUTES: readonly (readonly [keyof DiagramStatus, string])[] = [
  ['state', 'data-state'],
  ['since', 'data-state-since'],
  ['ring', 'data-ring'],
  ['chainage', 'data-chainage'],
  ['connection', 'data-connection'],
];

function parse(svgText: string): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = doc.documentElement;
  if (!(root instanceof SVGSVGElement) || doc.getElementsByTagName('parsererror').length > 0) return null;
  // The drawing is ours, but nothing in it should ever run: strip what could, in case it ever slips in.
  for (const node of [...root.querySelectorAll('script, foreignObject')]) node.remove();
  for (const node of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of [...node.attributes]) {
      if (/^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value)) node.removeAttribute(attribute.name);
    }
  }
  return root;
}

/** The diagram as a node of `target`, ready to insert; null when the text is no SVG. */
export function importDiagram(svgText: string, target: Document): SVGSVGElement | null {
  const root = parse(svgText);
  if (!root) return null;
  const node = target.importNode(root, true);
  return node instanceof SVGSVGElement ? node : null;
}

/** The tag codes the diagram shows: what the overview subscribes to. */
export function diagramTags(svgText: string): string[] {
  const root = parse(svgText);
  if (!root) return [];
  const codes = [...root.querySelectorAll('[data-tag]')].map((node) => node.getAttribute('data-tag') ?? '');
  return [...new Set(codes.filter((code) => code !== ''))];
}

function setText(node: Element, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

function setAttribute(node: Element, name: string, value: string | null): void {
  if (value === null) node.removeAttribute(name);
  else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

export interface DiagramValues {
  machineType: MachineType;
  values: LiveValues;
  stale: boolean;
  locale: string;
}

/**
 * Writes every `[data-tag]` text: the value in the tag's precision, `data-alarm` and a red fill
 * outside the normal range, grey while the data is not live. The drawing's own fill is kept in
 * `data-fill` so a value back in range gets it back.
 */
export function applyValues(root: Element, { machineType, values, stale, locale }: DiagramValues): void {
  for (const node of root.querySelectorAll('[data-tag]')) {
    const code = node.getAttribute('data-tag') ?? '';
    const tag = findTag(machineType, code);
    const value = values[code];
    setText(node, formatTagValue(tag, value, locale));
    const alarm = rangeState(tag, value);
    if (!node.hasAttribute('data-fill')) node.setAttribute('data-fill', node.getAttribute('fill') ?? '');
    const own = node.getAttribute('data-fill') || null;
    setAttribute(node, 'data-alarm', alarm);
    setAttribute(node, 'data-stale', stale ? 'true' : null);
    setAttribute(node, 'fill', stale ? STALE_FILL : alarm ? ALARM_FILL : own);
    setAttribute(node, 'font-weight', alarm && !stale ? 'bold' : null);
  }
  moveMarkers(root, values, stale);
}

const MARKERS = [
  { marker: 'head', horizontal: KEY_TAGS.headHorizontal, vertical: KEY_TAGS.headVertical },
  { marker: 'tail', horizontal: KEY_TAGS.tailHorizontal, vertical: KEY_TAGS.tailVertical },
] as const;

const round = (n: number): number => Math.round(n * 10) / 10;

/**
 * Places the head and tail markers on the laser target: deviations in mm scaled by the group's
 * `data-target-scale-mm` onto its `data-target-radius`, right and up positive (SVG y grows down),
 * held on the rim when the deviation exceeds the scale so the marker never leaves the target.
 */
function moveMarkers(root: Element, values: LiveValues, stale: boolean): void {
  for (const group of root.querySelectorAll('[data-target-scale-mm]')) {
    const scaleMm = Number(group.getAttribute('data-target-scale-mm'));
    const radius = Number(group.getAttribute('data-target-radius'));
    if (!(scaleMm > 0) || !(radius > 0)) continue;
    for (const { marker, horizontal, vertical } of MARKERS) {
      const circle = group.querySelector(`circle[data-marker="${marker}"]`);
      if (!circle) continue;
      const h = values[horizontal];
      const v = values[vertical];
      if (typeof h !== 'number' || typeof v !== 'number') {
        setAttribute(circle, 'visibility', 'hidden');
        continue;
      }
      let dx = (h / scaleMm) * radius;
      let dy = (-v / scaleMm) * radius;
      const length = Math.hypot(dx, dy);
      if (length > radius) {
        dx = (dx * radius) / length;
        dy = (dy * radius) / length;
      }
      setAttribute(circle, 'visibility', null);
      setAttribute(circle, 'transform', `translate(${round(dx)},${round(dy)})`);
      setAttribute(circle, 'opacity', stale ? '0.4' : null);
    }
  }
}

/** Writes the state, its duration, ring, chainage and connection texts. */
export function applyStatus(root: Element, status: DiagramStatus): void {
  for (const [key, attribute] of STATUS_ATTRIBUTES) {
    for (const node of root.querySelectorAll(`[${attribute}]`)) setText(node, status[key]);
  }
}
