import { sql } from 'kysely';
import type { DialectMigration, MigrationDb } from './helpers.js';

/**
 * The built-in resources as they stood when the tree was first grouped like the side menu: code,
 * superior code, sort number among its siblings, page route. A copy fixed in time (the live one
 * is RESOURCE_TREE in the contracts, which start-up follows for codes added later).
 */
const LAYOUT: readonly (readonly [string, string | null, number, string | null])[] = [
  ['menu.statsBoard', null, 1, '/fw0/projectBoard'],
  ['menu.projectList', null, 2, '/fw0/stsRun/list'],
  ['project.run.read', 'menu.projectList', 1, null],
  ['menu.enterSystem', null, 3, '/fw0/dp'],
  ['menu.systemSetting', null, 4, null],
  ['menu.admin.user', 'menu.systemSetting', 1, '/fw0/sys/user/list'],
  ['admin.user.read', 'menu.admin.user', 1, null],
  ['admin.user.write', 'menu.admin.user', 2, null],
  ['admin.user.assignRoles', 'menu.admin.user', 3, null],
  ['admin.user.resetPassword', 'menu.admin.user', 4, null],
  ['menu.admin.role', 'menu.systemSetting', 2, '/fw0/sys/role/list'],
  ['admin.role.read', 'menu.admin.role', 1, null],
  ['admin.role.write', 'menu.admin.role', 2, null],
  ['menu.admin.resource', 'menu.systemSetting', 3, '/fw0/sys/src/list'],
  ['admin.resource.read', 'menu.admin.resource', 1, null],
  ['admin.resource.write', 'menu.admin.resource', 2, null],
  ['menu.admin.organization', 'menu.systemSetting', 4, '/fw0/sys/dept/list'],
  ['admin.org.read', 'menu.admin.organization', 1, null],
  ['admin.org.write', 'menu.admin.organization', 2, null],
  ['admin.acl.read', 'menu.admin.organization', 3, null],
  ['admin.acl.write', 'menu.admin.organization', 4, null],
  ['menu.admin.partSetting', 'menu.systemSetting', 5, '/fw0/sys/sys_warn_setting'],
  ['admin.warnSetting.read', 'menu.admin.partSetting', 1, null],
  ['admin.warnSetting.write', 'menu.admin.partSetting', 2, null],
  ['menu.intelligentConstruction', null, 5, null],
  ['menu.adminCenter', 'menu.intelligentConstruction', 1, '/fw0/sys/dp'],
  ['admin.smsOutbox.read', 'menu.adminCenter', 1, null],
  ['messages.loginLog.readAll', 'menu.adminCenter', 2, null],
  ['menu.project.home', 'menu.intelligentConstruction', 2, '/fw1/home'],
  ['menu.project.collection', 'menu.intelligentConstruction', 3, '/fw1/collection'],
  ['menu.messages.announcement', 'menu.intelligentConstruction', 4, '/fw1/announcement'],
  ['menu.feedback.submit', 'menu.intelligentConstruction', 5, '/fw1/feedback'],
  ['menu.messages.announcementHistory', 'menu.intelligentConstruction', 6, '/fw1/announcement/history'],
  ['menu.graph.horizontal', 'menu.intelligentConstruction', 7, '/fw1/graph/plan'],
  ['graph.drawing.read', 'menu.graph.horizontal', 1, null],
  ['graph.drawing.write', 'menu.graph.horizontal', 2, null],
  ['menu.graph.vertical', 'menu.intelligentConstruction', 8, '/fw1/graph/section'],
  ['menu.graph.gis', 'menu.intelligentConstruction', 9, '/fw1/graph/map'],
  ['menu.stock', 'menu.intelligentConstruction', 10, '/fw1/stock/stockCurrent'],
  ['stock.record.write', 'menu.stock', 1, null],
  ['menu.maintenance.content', 'menu.intelligentConstruction', 11, '/fw1/maintain/content'],
  ['maintenance.knowledge.read', 'menu.maintenance.content', 1, null],
  ['maintenance.knowledge.write', 'menu.maintenance.content', 2, null],
  ['menu.project.basicInfo', 'menu.intelligentConstruction', 12, '/fw1/basic_info/project_info'],
  ['project.basicInfo.read', 'menu.project.basicInfo', 1, null],
  ['project.basicInfo.write', 'menu.project.basicInfo', 2, null],
  ['project.shift.read', 'menu.project.basicInfo', 3, null],
  ['project.shift.write', 'menu.project.basicInfo', 4, null],
  ['telemetry.ingestKey.write', 'menu.project.basicInfo', 5, null],
  ['telemetry.tagMapping.read', 'menu.project.basicInfo', 6, null],
  ['telemetry.tagMapping.write', 'menu.project.basicInfo', 7, null],
  ['telemetry.cycle.recompute', 'menu.project.basicInfo', 8, null],
  ['menu.alarms', 'menu.intelligentConstruction', 13, '/fw1/alarm/history_alarm'],
  ['alarm.message.read', 'menu.alarms', 1, null],
  ['alarm.risk.read', 'menu.alarms', 2, null],
  ['alarm.risk.write', 'menu.alarms', 3, null],
  ['menu.reports', 'menu.intelligentConstruction', 14, '/fw1/report/turn_over'],
  ['report.shift.read', 'menu.reports', 1, null],
  ['report.shift.write', 'menu.reports', 2, null],
  ['report.period.read', 'menu.reports', 3, null],
  ['menu.statistics', 'menu.intelligentConstruction', 15, '/fw1/statistic/process'],
  ['statistic.read', 'menu.statistics', 1, null],
  ['menu.segments', 'menu.intelligentConstruction', 16, '/fw1/segment/segmentPose'],
  ['segment.data.write', 'menu.segments', 1, null],
  ['menu.monitoring.realTime', 'menu.intelligentConstruction', 17, '/fw1/rta'],
  ['monitor.realData.read', 'menu.monitoring.realTime', 1, null],
  ['monitor.connectState.read', 'menu.monitoring.realTime', 2, null],
  ['monitor.h5Link.write', 'menu.monitoring.realTime', 3, null],
  ['telemetry.series.read', 'menu.monitoring.realTime', 4, null],
  ['menu.feedback.list', 'menu.intelligentConstruction', 18, '/fw1/feedback/list'],
  ['menu.messages.reminder', 'menu.intelligentConstruction', 19, '/fw1/stm_smtce_message'],
  ['maintenance.message.read', 'menu.messages.reminder', 1, null],
  ['menu.maintenance.management', 'menu.intelligentConstruction', 20, '/fw1/stm_smtce/dashboard'],
  ['maintenance.repair.read', 'menu.maintenance.management', 1, null],
  ['maintenance.repair.write', 'menu.maintenance.management', 2, null],
  ['maintenance.plan.write', 'menu.maintenance.management', 3, null],
];

interface Row {
  id: number;
  code: string;
  parent_id: number | null;
  path: string;
  group_id: number;
}

/**
 * Resources get the route of their page (`page_path`), and the flat tree of built-in codes that
 * earlier versions seeded is grouped like the side menu: the two menu sections are added, every
 * built-in code still at the top goes under its page or section (with what was added below it).
 * Built-in codes an administrator already moved under another node stay where they were put.
 */
export const migration: DialectMigration = {
  async up(db) {
    await db.schema.alterTable('resources').addColumn('page_path', 'text').execute();
    const rows = async () => (await sql<Row>`select id, code, parent_id, path, group_id from resources`.execute(db)).rows;
    const existing = await rows();
    if (existing.length === 0) return; // a new database: start-up seeds the tree in place
    const byCode = new Map(existing.map((r) => [r.code, r]));
    const groupOf = async (name: string): Promise<number> => {
      const found = (await sql<{ id: number }>`select id from resource_groups where name = ${name}`.execute(db)).rows[0];
      if (found) return found.id;
      await sql`insert into resource_groups (name, description, sort, created_at) values (${name}, ${name}, ${1000}, ${Date.now()})`.execute(db);
      return groupOf(name);
    };
    for (const [code, parent, sort, path] of LAYOUT) {
      let row = byCode.get(code);
      if (!row) {
        if (parent !== null) continue; // a code the database lacks is seeded at start-up, in place
        const groupId = await groupOf(code.split('.')[0] ?? code);
        await sql`insert into resources (group_id, parent_id, code, name, description, level, sort, path, created_at)
                  values (${groupId}, ${null}, ${code}, ${code}, ${code}, ${1}, ${sort}, ${'/'}, ${Date.now()})`.execute(db);
        const id = (await sql<{ id: number }>`select id from resources where code = ${code}`.execute(db)).rows[0]?.id ?? 0;
        await sql`update resources set path = ${`/${id}/`} where id = ${id}`.execute(db);
        row = { id, code, parent_id: null, path: `/${id}/`, group_id: groupId };
        byCode.set(code, row);
      }
      await sql`update resources set page_path = ${path}, sort = ${sort} where id = ${row.id}`.execute(db);
      const superior = parent === null ? undefined : byCode.get(parent);
      if (!superior || row.parent_id !== null) continue;
      await moveUnder(db, row, superior);
      byCode.set(code, { ...row, parent_id: superior.id, path: `${superior.path}${row.id}/` });
    }
  },
};

/** Puts a top resource and what lies below it under `superior`, with paths and levels to match. */
async function moveUnder(db: MigrationDb, row: Row, superior: Row): Promise<void> {
  const newPath = `${superior.path}${row.id}/`;
  const below = (await sql<{ id: number; path: string }>`select id, path from resources where path like ${`${row.path}%`}`.execute(db)).rows;
  await sql`update resources set parent_id = ${superior.id} where id = ${row.id}`.execute(db);
  for (const r of below) {
    const path = newPath + r.path.slice(row.path.length);
    const level = path.split('/').filter(Boolean).length;
    await sql`update resources set path = ${path}, level = ${level} where id = ${r.id}`.execute(db);
  }
}
