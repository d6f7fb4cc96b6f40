import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { MapPolyline } from '../mapGeometry.js';
import { ALIGNMENT_COLOUR, MACHINE_COLOUR } from '../overlayGeometry.js';
import './map.css';

export interface MapTiles {
  /** The URL template with the provider's token filled in. */
  url: string;
  attribution: string;
  maxZoom: number;
}

export interface LeafletMapProps {
  /** The alignment in WGS84, [lat, lng] per vertex. */
  alignment: [number, number][];
  rings: MapPolyline[];
  risks: MapPolyline[];
  machine: { latLng: [number, number]; label: string; scale: number } | null;
  /** null: no tile source, a grid background instead. */
  tiles: MapTiles | null;
  /** The accessible name of the map. */
  label: string;
  alignmentLabel: string;
  /** Zoom buttons, dragging and animations; off for a picture (the tool pages). */
  interactive?: boolean;
  /** Told once the overlay is drawn and the tiles (if any) have loaded. */
  onDrawn?: () => void;
}

/** The machine's icon: an SVG in a div icon (Leaflet's default marker needs image files the page does not load). */
function machineIcon(scale: number): L.DivIcon {
  const size = Math.round(28 * scale);
  return L.divIcon({
    className: 'graph-map-machine',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28" width="${size}" height="${size}" aria-hidden="true"><circle cx="14" cy="14" r="12" fill="${MACHINE_COLOUR}" stroke="#fff" stroke-width="3"/><circle cx="14" cy="14" r="4" fill="#fff"/></svg>`,
  });
}

/**
 * The Leaflet map: the tiles of the installation's source or a grid background with nothing to
 * load, always a scale bar; the alignment, the risk zones under the rings, the machine on top.
 * Fits the alignment when it first arrives or changes.
 */
export function LeafletMap({ alignment, rings, risks, machine, tiles, label, alignmentLabel, interactive = true, onDrawn }: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const overlays = useRef<L.LayerGroup | null>(null);
  const tileLayer = useRef<L.TileLayer | null>(null);
  const fitted = useRef<string>('');
  // What a picture waits for: the overlay drawn, and the tiles loaded when there are tiles.
  const drawn = useRef({ overlay: false, tiles: false, told: false });
  const toldDrawn = useRef(onDrawn);
  toldDrawn.current = onDrawn;
  const tellIfDrawn = () => {
    const d = drawn.current;
    if (!d.told && d.overlay && d.tiles) {
      d.told = true;
      toldDrawn.current?.();
    }
  };
  const interactiveAtStart = useRef(interactive);

  useEffect(() => {
    if (!container.current) return undefined;
    const moving = interactiveAtStart.current;
    const created = L.map(container.current, {
      zoomControl: moving,
      attributionControl: true,
      preferCanvas: false,
      ...(moving ? {} : { dragging: false, scrollWheelZoom: false, doubleClickZoom: false, boxZoom: false, keyboard: false, touchZoom: false, zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false }),
    });
    created.attributionControl.setPrefix(false);
    L.control.scale({ imperial: false, metric: true }).addTo(created);
    overlays.current = L.layerGroup().addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      overlays.current = null;
      tileLayer.current = null;
      fitted.current = '';
    };
  }, []);

  // Tiles: one layer per URL; none without a source (the grid shows through).
  const tileUrl = tiles?.url ?? null;
  const attribution = tiles?.attribution ?? '';
  const maxZoom = tiles?.maxZoom ?? 22;
  useEffect(() => {
    const current = map.current;
    drawn.current.tiles = tileUrl === null;
    if (!current || tileUrl === null) {
      tellIfDrawn();
      return undefined;
    }
    const layer = L.tileLayer(tileUrl, { attribution, maxZoom });
    layer.on('load', () => {
      drawn.current.tiles = true;
      tellIfDrawn();
    });
    layer.addTo(current);
    tileLayer.current = layer;
    return () => {
      layer.remove();
      tileLayer.current = null;
    };
    // A new layer with a new URL (a refreshed token), attribution or zoom limit.
  }, [tileUrl, attribution, maxZoom]);

  useEffect(() => {
    map.current?.setMaxZoom(maxZoom);
  }, [maxZoom]);

  useEffect(() => {
    const current = map.current;
    const group = overlays.current;
    if (!current || !group) return;
    group.clearLayers();
    if (alignment.length > 1) L.polyline(alignment, { color: ALIGNMENT_COLOUR, weight: 3, opacity: 0.8 }).bindTooltip(alignmentLabel, { sticky: true }).addTo(group);
    for (const risk of risks) if (risk.latLngs.length > 1) L.polyline(risk.latLngs, { color: risk.colour, weight: 14, opacity: 0.35, lineCap: 'butt' }).bindTooltip(risk.label, { sticky: true }).addTo(group);
    for (const ring of rings)
      if (ring.latLngs.length > 1) L.polyline(ring.latLngs, { color: ring.colour, weight: 6, opacity: 0.9, lineCap: 'butt', dashArray: ring.dashed ? '4 4' : undefined }).bindTooltip(ring.label, { sticky: true }).addTo(group);
    if (machine) L.marker(machine.latLng, { icon: machineIcon(machine.scale), title: machine.label, alt: machine.label, keyboard: true, zIndexOffset: 1000 }).bindTooltip(machine.label).addTo(group);
    const key = alignment.length > 1 ? `${alignment.length}:${alignment[0]?.join(',')}:${alignment[alignment.length - 1]?.join(',')}` : '';
    if (key && key !== fitted.current) {
      current.fitBounds(L.latLngBounds(alignment), { padding: [24, 24] });
      fitted.current = key;
    } else if (!key && !fitted.current) current.setView([0, 0], 2);
    drawn.current.overlay = true;
    tellIfDrawn();
  }, [alignment, rings, risks, machine, alignmentLabel]);

  return <div ref={container} className={tiles ? 'graph-map' : 'graph-map graph-map-grid'} data-testid="graph-map" data-tiles={tiles ? 'yes' : 'no'} role="region" aria-label={label} />;
}
