import {
  chainageAtDistance,
  digitsAsNumber,
  type DriveStationing,
  epsgDefinition,
  graphContract,
  type Language,
  parseChainage,
  projectContract,
  stationingDirection,
} from '@boreline/contracts';
import type { MessageKey, MessageParams } from '@boreline/i18n';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

const { GRAPH_LIMITS } = graphContract;
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { ValidationFailed } from '../../core/http.js';
import { describeIssues, type FieldProblem, t } from '../../core/i18n.js';
import { formParts } from '../../core/multipart.js';
import { driveOf } from './chainage.js';
import { geoSettingsOf, saveGridCode } from './geoSettings.js';
import { type GeoDeps, WRITE } from './overlay.js';
import { definitionOf, gridProblem } from './projection.js';

/** A vertex read from the file, with where it was read (CSV row or GeoJSON point number, 1-based). */
export interface ReadVertex {
  row: number;
  chainage: number;
  easting: number;
  northing: number;
}

type Key = MessageKey;
/** A refused row: its number and the problem's message key. */
export interface RowProblem {
  row: number;
  key: Key;
  params?: MessageParams;
}

export type ReadResult = { kind: 'csv' | 'geojson'; vertices: ReadVertex[]; problems: RowProblem[] };

/** Refused rows named in an answer at most (the first ones); the file is refused whole anyway. */
const PROBLEMS_SHOWN = 50;

const SIZE_TEXT = `${String(GRAPH_LIMITS.alignmentImportMaxBytes / (1024 * 1024))} MB`;

/** A number as written in a cell: `1234.5`, or `1234,5` where commas do not separate cells. */
function numberOf(cell: string, commaDecimal: boolean): number | null {
  const text = (commaDecimal ? cell.replace(',', '.') : cell).trim();
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A chainage cell: `12+345.678` (a line-code prefix allowed) or plain metres. */
const chainageOf = (cell: string, commaDecimal: boolean): number | null => parseChainage(cell) ?? numberOf(cell, commaDecimal);

const unquote = (cell: string) => cell.trim().replace(/^"(.*)"$/, '$1');

/**
 * CSV rows of chainage, easting and northing (the first three cells; more are ignored): comma,
 * semicolon or tab between cells (told from the first row), a header row when its first cell is no
 * chainage, blank lines skipped. Every row that cannot be read is named by its line number.
 */
export function readCsv(text: string): ReadResult {
  const lines = text.split(/\r\n|\r|\n/);
  const firstLine = lines.find((l) => l.trim() !== '') ?? '';
  const separator = firstLine.includes('\t') ? '\t' : firstLine.includes(';') ? ';' : ',';
  const commaDecimal = separator !== ',';
  const vertices: ReadVertex[] = [];
  const problems: RowProblem[] = [];
  let seenFirst = false;
  lines.forEach((line, index) => {
    const row = index + 1;
    if (line.trim() === '') return;
    const cells = line.split(separator).map(unquote);
    const isFirst = !seenFirst;
    seenFirst = true;
    const [c, e, n] = cells;
    if (isFirst && chainageOf(c ?? '', commaDecimal) === null) return; // the header row
    if (c === undefined || e === undefined || n === undefined || cells.length < 3) {
      problems.push({ row, key: 'graphGeo.import.problem.cells' });
      return;
    }
    const chainage = chainageOf(c, commaDecimal);
    const easting = numberOf(e, commaDecimal);
    const northing = numberOf(n, commaDecimal);
    if (chainage === null) problems.push({ row, key: 'graphGeo.import.problem.chainage', params: { value: c.slice(0, 40) } });
    else if (easting === null) problems.push({ row, key: 'graphGeo.import.problem.number', params: { value: e.slice(0, 40) } });
    else if (northing === null) problems.push({ row, key: 'graphGeo.import.problem.number', params: { value: n.slice(0, 40) } });
    else vertices.push({ row, chainage, easting, northing });
  });
  return { kind: 'csv', vertices, problems };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPosition = (v: unknown): v is [number, number] => Array.isArray(v) && v.length >= 2 && typeof v[0] === 'number' && typeof v[1] === 'number' && Number.isFinite(v[0]) && Number.isFinite(v[1]);

/**
 * GeoJSON in the project's grid: a LineString or MultiLineString (bare, in a Feature or in a
 * FeatureCollection), stationed from the drive's start chainage along the line (station equations
 * followed), or Point features each with a `chainage` property (metres or `12+345.678`), in driving
 * order. Lines win when a file holds both. Points are numbered from 1 in the file's order.
 */
export function readGeoJson(value: unknown, drive: DriveStationing): ReadResult | null {
  const lines: [number, number][][] = [];
  const points: { position: unknown; chainage: unknown }[] = [];
  const visit = (node: unknown, properties: Record<string, unknown> | null): void => {
    if (!isRecord(node)) return;
    switch (node.type) {
      case 'FeatureCollection':
        if (Array.isArray(node.features)) for (const f of node.features) visit(f, null);
        return;
      case 'Feature':
        visit(node.geometry, isRecord(node.properties) ? node.properties : {});
        return;
      case 'GeometryCollection':
        if (Array.isArray(node.geometries)) for (const g of node.geometries) visit(g, properties);
        return;
      case 'LineString':
        if (Array.isArray(node.coordinates)) lines.push(node.coordinates as [number, number][]);
        return;
      case 'MultiLineString':
        if (Array.isArray(node.coordinates)) for (const part of node.coordinates) if (Array.isArray(part)) lines.push(part as [number, number][]);
        return;
      case 'Point':
        points.push({ position: node.coordinates, chainage: properties?.chainage });
        return;
    }
  };
  visit(value, null);
  const problems: RowProblem[] = [];
  const vertices: ReadVertex[] = [];
  if (lines.length > 0) {
    let row = 0;
    let length = 0;
    let previous: [number, number] | null = null;
    for (const line of lines) {
      for (const position of line) {
        row += 1;
        if (!isPosition(position)) {
          problems.push({ row, key: 'graphGeo.import.problem.position' });
          continue;
        }
        // The next part of a MultiLineString starting where the last one ended is one line.
        if (previous && previous[0] === position[0] && previous[1] === position[1]) continue;
        if (previous) length += Math.hypot(position[0] - previous[0], position[1] - previous[1]);
        previous = [position[0], position[1]];
        vertices.push({ row, chainage: chainageAtDistance(drive, length), easting: position[0], northing: position[1] });
      }
    }
    return { kind: 'geojson', vertices, problems };
  }
  if (points.length === 0) return null;
  points.forEach((point, index) => {
    const row = index + 1;
    const raw = point.chainage;
    const chainage = typeof raw === 'number' && Number.isFinite(raw) ? raw : typeof raw === 'string' ? chainageOf(raw, false) : null;
    if (!isPosition(point.position)) problems.push({ row, key: 'graphGeo.import.problem.position' });
    else if (chainage === null) problems.push({ row, key: 'graphGeo.import.problem.noChainage' });
    else vertices.push({ row, chainage, easting: point.position[0], northing: point.position[1] });
  });
  return { kind: 'geojson', vertices, problems };
}

const fixed = (v: number) => v.toFixed(3);

/**
 * What is wrong with read vertices as an alignment in a projected grid: coordinates that look like
 * degrees (both below 180 in size), and chainages that do not advance strictly in the drive's
 * direction (a jump back or ahead is allowed only across one of the drive's station equations,
 * from before its back chainage to its ahead chainage or beyond).
 */
export function checkVertices(vertices: readonly ReadVertex[], drive: DriveStationing): RowProblem[] {
  const problems: RowProblem[] = [];
  const dir = stationingDirection(drive);
  let previous: ReadVertex | null = null;
  let nextEquation = 0;
  for (const v of vertices) {
    if (Math.abs(v.easting) < 180 && Math.abs(v.northing) < 180) problems.push({ row: v.row, key: 'graphGeo.import.problem.degrees' });
    if (previous) {
      const prev = previous.chainage;
      if ((v.chainage - prev) * dir <= 0) {
        const across = drive.equations.findIndex((eq, i) => i >= nextEquation && (eq.back - prev) * dir >= 0 && (v.chainage - eq.ahead) * dir >= 0);
        if (across < 0) problems.push({ row: v.row, key: 'graphGeo.import.problem.notMonotonic', params: { chainage: fixed(v.chainage), previous: fixed(prev) } });
        else nextEquation = across + 1;
      }
    }
    previous = v;
  }
  return problems;
}

/** The refusal of a file by its rows, each named in the caller's language (the first PROBLEMS_SHOWN). */
function refuseRows(problems: readonly RowProblem[], kind: 'csv' | 'geojson', language: Language): ValidationFailed {
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  const shown: FieldProblem[] = sorted.slice(0, PROBLEMS_SHOWN).map((p) => ({
    field: 'file',
    message: t(language, kind === 'csv' ? 'graphGeo.import.row' : 'graphGeo.import.point', { row: p.row, problem: t(language, p.key, p.params) }),
  }));
  if (sorted.length > PROBLEMS_SHOWN) shown.push({ field: 'file', message: t(language, 'graphGeo.import.moreRows', { count: sorted.length - PROBLEMS_SHOWN }) });
  return new ValidationFailed(shown);
}

const FieldsSchema = z.object({ runId: digitsAsNumber(projectContract.RunIdSchema) });

/** The optional `epsg` field: a whole number, or absent/blank. */
function epsgField(value: string | undefined, language: Language): number | null {
  if (value === undefined || value.trim() === '') return null;
  if (!/^\d{4,6}$/.test(value.trim())) throw new ValidationFailed([{ field: 'epsg', message: t(language, 'graphGeo.import.epsgField') }]);
  return Number(value.trim());
}

export interface AlignmentImportReport {
  points: number;
  length: number;
  firstChainage: number;
  lastChainage: number;
  epsg: number | null;
}

/**
 * The alignment import (graph.alignmentImport): the form's `runId` and optional `epsg` fields come
 * first, checked (the caller's scope on the run, `graph.drawing.write`; the grid) before a byte of
 * the file is read; the file is counted while it streams and cut at GRAPH_LIMITS.alignmentImportMaxBytes.
 * A file with any refused row is refused whole, every row named; otherwise the run's alignment is
 * replaced in one transaction (with the `epsg` field saved as the run's grid).
 */
export async function importAlignment(deps: GeoDeps, session: AuthSession, request: FastifyRequest, language: Language): Promise<AlignmentImportReport> {
  const max = GRAPH_LIMITS.alignmentImportMaxBytes;
  const tooLarge = () => errors.business('graphGeo.import.tooLarge', { size: SIZE_TEXT });
  const fields: Record<string, string> = {};
  let text: string | null = null;
  let target: { runId: number; epsg: number | null; definitionEpsg: number | null } | null = null;
  for await (const part of formParts(request, { files: 1, fields: 4, fieldSize: 200, fileSize: max, fileTooLarge: tooLarge })) {
    if (part.type === 'field') {
      fields[part.name] = part.value;
      continue;
    }
    // The fields are read: check them (and the caller's right on the run) before the file.
    const form = FieldsSchema.safeParse(fields);
    if (!form.success) throw new ValidationFailed(describeIssues(form.error.issues, language));
    const epsg = epsgField(fields.epsg, language);
    const run = await deps.runs.require(session, form.data.runId, WRITE);
    const settings = await geoSettingsOf(deps.db, run.id);
    let definition: string | null;
    if (epsg !== null) {
      definition = epsgDefinition(epsg);
      if (!definition) throw errors.business('graphGeo.import.unknownEpsg', { epsg });
    } else {
      definition = definitionOf(settings);
      if (!definition) throw errors.business('graphGeo.import.noGrid');
    }
    const problem = gridProblem(definition);
    if (problem === 'geographic') throw errors.business('graphGeo.import.geographicGrid');
    if (problem === 'unreadable') throw errors.business('graphGeo.import.unreadableGrid');
    target = { runId: run.id, epsg, definitionEpsg: epsg ?? settings.epsg };
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of part.content) {
      bytes += chunk.length;
      if (bytes > max) throw tooLarge();
      chunks.push(Buffer.from(chunk));
    }
    text = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
  }
  if (text === null || !target) throw errors.business('common.upload.missing');

  const settings = await geoSettingsOf(deps.db, target.runId);
  const run = await deps.db.selectFrom('runs').select(['start_chainage', 'end_chainage', 'start_ring', 'ring_width_mm']).where('id', '=', target.runId).executeTakeFirstOrThrow();
  const drive = driveOf(run, settings.equations);

  let read: ReadResult | null;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      throw errors.business('graphGeo.import.badGeoJson');
    }
    read = readGeoJson(json, drive);
    if (!read) throw errors.business('graphGeo.import.noGeometry');
  } else {
    read = readCsv(text);
  }
  if (read.vertices.length + read.problems.length > GRAPH_LIMITS.alignmentPointsMax) throw errors.business('graphGeo.import.tooMany', { max: GRAPH_LIMITS.alignmentPointsMax });
  const problems = [...read.problems, ...checkVertices(read.vertices, drive)];
  if (problems.length > 0) throw refuseRows(problems, read.kind, language);
  const { vertices } = read;
  if (vertices.length < 2) throw errors.business('graphGeo.import.tooFew');

  let length = 0;
  for (let i = 1; i < vertices.length; i += 1) {
    const [a, b] = [vertices[i - 1] as ReadVertex, vertices[i] as ReadVertex];
    length += Math.hypot(b.easting - a.easting, b.northing - a.northing);
  }
  const runId = target.runId;
  const epsg = target.epsg;
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('graph_alignment_points').where('run_id', '=', runId).execute();
    for (let i = 0; i < vertices.length; i += 100) {
      const rows = vertices.slice(i, i + 100).map((v, j) => ({ run_id: runId, seq: i + j + 1, chainage: v.chainage, easting: v.easting, northing: v.northing }));
      await trx.insertInto('graph_alignment_points').values(rows).execute();
    }
    if (epsg !== null) await saveGridCode(trx, runId, epsg, session.userId, deps.now());
  });
  return {
    points: vertices.length,
    length,
    firstChainage: (vertices[0] as ReadVertex).chainage,
    lastChainage: (vertices[vertices.length - 1] as ReadVertex).chainage,
    epsg: target.definitionEpsg,
  };
}
