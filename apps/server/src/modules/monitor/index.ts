import { defineModule } from '../../platform/module.js';
import { ConnectionRepo } from './connection.repo.js';
import { ConnectionMonitor } from './connectionMonitor.js';
import { H5Service } from './h5.service.js';
import { H5TicketRepo } from './h5Ticket.repo.js';
import { registerMonitorRoutes } from './monitor.routes.js';
import { MonitorService } from './monitor.service.js';

export { ConnectionMonitor, isConnected } from './connectionMonitor.js';
export { ConnectionRepo } from './connection.repo.js';

/** Real-time values and device state, the machine diagram, connection state and its history, H5 links. */
export const monitorModule = defineModule({
  name: 'monitor',
  register(ctx) {
    const runScope = ctx.services.get('runScope');
    const connections = new ConnectionRepo(ctx.db);
    const { disconnectedAfterMs, checkIntervalMs } = ctx.config.realtime;
    const monitor = new MonitorService({
      scope: runScope,
      latest: ctx.telemetry.latest,
      connections,
      engineState: (runId) => ctx.machine.engineState(runId),
      disconnectedAfterMs,
      now: ctx.now,
    });
    registerMonitorRoutes(ctx.app, { monitor, h5: new H5Service(new H5TicketRepo(ctx.db), runScope, ctx.services.get('sessions')) }, ctx.endpoints);

    const watcher = new ConnectionMonitor(
      { repo: connections, latest: ctx.telemetry.latest, bus: ctx.bus, events: ctx.events, runIds: async () => (await ctx.services.get('runs').under(null)).map((r) => r.id) },
      { disconnectedAfterMs },
    );
    ctx.jobs.declare({ name: 'monitor.connections', intervalMs: checkIntervalMs, run: ({ now }) => watcher.pass(now) });
  },
});
