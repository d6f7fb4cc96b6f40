import { tagCatalogue } from '@boreline/contracts';
import { DAY_MS } from '../core/timeZone.js';
import { seedDemoAlarmHistory } from '../modules/alarm/demo/demoAlarmHistory.js';
import { seedDemoAlarmSettings } from '../modules/alarm/demo/demoAlarmPoints.js';
import { seedDemoAnnouncements } from '../modules/announcement/index.js';
import { seedDemoCollection } from '../modules/collection/index.js';
import { seedDemoSubscriptions } from '../modules/delivery/subscriptions/index.js';
import { seedDemoFeedback } from '../modules/feedback/index.js';
import { seedDemoDrawings } from '../modules/graph/index.js';
import { seedDemoMaintenance } from '../modules/maintenance/index.js';
import { seedDemoMessages } from '../modules/messages/index.js';
import { seedDemoRepairs } from '../modules/repair/index.js';
import { seedDemoRiskPoints } from '../modules/risk/index.js';
import { seedDemoSegments } from '../modules/segment/index.js';
import { seedDemoStock } from '../modules/stock/index.js';
import { defineModule } from '../platform/module.js';
import { fillHistory, TagLayout } from '../telemetry/index.js';
import { seedDemo } from './demoProjects.js';
import { seedDemoShiftReports } from './demoShiftReports.js';

/**
 * Demo projects of the embedded default (`DEMO_DATA`): on a database without runs, four tunnels
 * with weeks of history, their alarm settings and alarms, and their crews' shift reports, filled
 * in the background once the server listens (the console is usable meanwhile); the simulator then
 * keeps the machines live. Listed last: it uses the other modules' services as a user of the
 * product would.
 */
export const demoModule = defineModule({
  name: 'demo',
  register(ctx) {
    if (!ctx.config.demo.enabled) return;
    const background: Promise<void>[] = [];
    ctx.lifecycle.onStart(async () => {
      const now = Date.now();
      const created = await seedDemo(ctx.db, now, ctx.config.demo.historyDays);
      // Alarm settings before any frame is judged: the engine watches these points from the first one.
      await seedDemoAlarmSettings(ctx.db, created, now)
        .then((settings) => ctx.log.info({ settings }, 'demo alarm settings ready'))
        .catch((error: unknown) => ctx.log.error({ err: error }, 'demo alarm settings failed'));
      // The projects' first messages: reminders, alarms, a stock warning, an announcement.
      await seedDemoMessages(ctx.db, ctx.services.get('messageCentre'), created.map((run) => run.runId), now)
        .then((written) => ctx.log.info({ written }, 'demo messages ready'))
        .catch((error: unknown) => ctx.log.error({ err: error }, 'demo messages failed'));
      // Announcements (one pinned, the handover change the messages above tell, one past) and a few starred pages.
      await seedDemoAnnouncements(ctx.db, created.map((run) => run.runId), now)
        .then(async (announcements) => {
          const starred = await seedDemoCollection(ctx.db, created.map((run) => run.runId), now);
          ctx.log.info({ announcements, starred }, 'demo announcements and collection ready');
        })
        .catch((error: unknown) => ctx.log.error({ err: error }, 'demo announcements failed'));
      // The administrator's morning summary of each project, to the message centre.
      await seedDemoSubscriptions(ctx.db, created.map((run) => run.runId), now)
        .then((subscriptions) => ctx.log.info({ subscriptions }, 'demo subscriptions ready'))
        .catch((error: unknown) => ctx.log.error({ err: error }, 'demo subscriptions failed'));
      // A few feedback entries in the sites' languages, some answered.
      if (created.length > 0) {
        await seedDemoFeedback(ctx.db, now)
          .then((written) => ctx.log.info({ written }, 'demo feedback ready'))
          .catch((error: unknown) => ctx.log.error({ err: error }, 'demo feedback failed'));
      }
      // Each machine's maintenance plans with three weeks of records; two plans overdue today.
      for (const run of created) {
        await seedDemoMaintenance(ctx.db, run, now)
          .then((seeded) => ctx.log.info({ ...seeded, runId: run.runId }, 'demo maintenance ready'))
          .catch((error: unknown) => ctx.log.error({ err: error, runId: run.runId }, 'demo maintenance failed'));
      }
      // The machines' repairs over the history in the sites' languages, twenty of them published as
      // cases, and thirty knowledge items with their PDF and PNG files (text already extracted).
      await seedDemoRepairs(ctx.db, ctx.services.get('files'), created, now, ctx.config.demo.historyDays)
        .then(async (seeded) => {
          // Written as rows: the full-text index learns them here, so the case base and diagnosis find them.
          const indexed = await ctx.services.get('repairSearch').reindexRuns(created.map((run) => run.runId));
          ctx.log.info({ ...seeded, indexed }, 'demo repairs ready');
        })
        .catch((error: unknown) => ctx.log.error({ err: error }, 'demo repairs failed'));
      // Each drive's floor plan and long section (calibrated), graph settings and GIS alignment in its
      // city; drawn and rendered in the background, so the console does not wait for the pictures.
      background.push(
        (async () => {
          for (const run of created) {
            await seedDemoDrawings(ctx.db, ctx.services.get('files'), run.runId, Date.now())
              .then((seeded) => ctx.log.info({ ...seeded, runId: run.runId }, 'demo drawings ready'))
              .catch((error: unknown) => ctx.log.error({ err: error, runId: run.runId }, 'demo drawings failed'));
          }
        })(),
      );
      // Each machine's spare-part store: three weeks of sheets that follow the rings built, so it is
      // seeded once the history's rings are in (below); without a simulator there are no rings to follow.
      const seedStock = (run: (typeof created)[number]) =>
        seedDemoStock(ctx.db, run, Date.now(), ctx.config.demo.historyDays)
          .then((seeded) => ctx.log.info({ ...seeded, runId: run.runId }, 'demo stock ready'))
          .catch((error: unknown) => ctx.log.error({ err: error, runId: run.runId }, 'demo stock failed'));
      if (!ctx.config.simulator) {
        for (const run of created) await seedStock(run);
        return;
      }
      const simulator = ctx.services.get('simulator');
      for (const run of created) {
        background.push(
          (async () => {
            // Not opened for ingest yet: the history's engine snapshot must be in place first.
            const layout = new TagLayout(tagCatalogue(run.machineType));
            const from = now - ctx.config.demo.historyDays * DAY_MS;
            // The older history is never judged by the engine: its alarms are written as a site would have had them.
            const beforeIngest = (until: number) =>
              seedDemoAlarmHistory(ctx.db, run, { from, until, now })
                .then((alarms) => ctx.log.info(alarms, 'demo alarm history ready'))
                .catch((error: unknown) => ctx.log.error({ err: error, runId: run.runId }, 'demo alarm history failed'));
            const { sim, figures } = await fillHistory(ctx.db, ctx.telemetry.ingest, run, layout, { days: ctx.config.demo.historyDays, recentMs: ctx.config.demo.framesMs, now, beforeIngest });
            simulator.add(run, layout, Date.now(), sim);
            ctx.log.info(figures, 'demo history ready');
            await seedStock(run);
            // Risk zones placed from where the machine now is: one of them a few rings ahead.
            await seedDemoRiskPoints(ctx.db, ctx.services.get('files'), ctx.services.get('risk'), run.runId, Date.now())
              .then((zones) => {
                ctx.services.get('riskWatch').schedule(run.runId);
                ctx.log.info({ zones, runId: run.runId }, 'demo risk zones ready');
              })
              .catch((error: unknown) => ctx.log.error({ err: error, runId: run.runId }, 'demo risk zones failed'));
            // The surveyors' segment attitude and tail clearance of every ring the history built
            // (the rings exist only now), with a curve tight on the left; beside the maintenance data.
            await seedDemoSegments(ctx.db, run, Date.now())
              .then((segments) => ctx.log.info({ ...segments, runId: run.runId }, 'demo segments ready'))
              .catch((error: unknown) => ctx.log.error({ err: error, runId: run.runId }, 'demo segments failed'));
            // Crews' reports of the history's shifts; the live drive goes on without them on failure.
            await seedDemoShiftReports(ctx.db, run.runId, { seed: run.seed, from, now: Date.now() })
              .then((reports) => ctx.log.info(reports, 'demo shift reports ready'))
              .catch((error: unknown) => ctx.log.error({ err: error, runId: run.runId }, 'demo shift reports failed'));
          })().catch((error: unknown) => ctx.log.error({ err: error, runId: run.runId }, 'demo history failed')),
        );
      }
    });
    ctx.lifecycle.onStop(async () => {
      await Promise.allSettled(background);
    });
  },
});
