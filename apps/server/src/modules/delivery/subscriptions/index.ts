import type { ModuleContext } from '../../../platform/module.js';
import { ShiftRepo } from '../../project/index.js';
import { languageOfCountry, shiftDefinitions } from '../../report/index.js';
import type { DeliveryChannels, ToolRenderer } from '../ports.js';
import { DeliveryWorker } from './deliveryWorker.js';
import { SubscriptionsRepo } from './subscriptions.repo.js';
import { registerSubscriptionRoutes } from './subscriptions.routes.js';
import { SubscriptionService } from './subscriptions.service.js';

export { seedDemoSubscriptions } from './demoSubscriptions.js';

declare module '../../../core/services.js' {
  interface Services {
    /**
     * The delivery job's worker: `pass(now)` as the job runs it, `idle()` waits for the immediate
     * passes of manual sends (tests, server stop).
     */
    deliveryWorker: DeliveryWorker;
    /** A renderer and channels to use instead of the module's own (tests give doubles through `AppOverrides.delivery`). */
    deliveryPorts: { renderer?: ToolRenderer; channels?: DeliveryChannels };
  }
}

/**
 * Subscriptions, the delivery job and the delivery log (subscription.contract.ts). The job runs
 * every `config.delivery.intervalMs` on the server's clock.
 */
export function registerSubscriptions(ctx: ModuleContext, deps: { renderer: ToolRenderer; channels: DeliveryChannels }): void {
  const ports = ctx.services.has('deliveryPorts') ? ctx.services.get('deliveryPorts') : {};
  const renderer = ports.renderer ?? deps.renderer;
  const channels = ports.channels ?? deps.channels;
  const repo = new SubscriptionsRepo(ctx.db);
  const shifts = new ShiftRepo(ctx.db);
  const runs = ctx.services.get('runs');
  const runScope = ctx.services.get('runScope');
  const files = ctx.services.get('files');
  const clockOf = async (run: { id: number; time_zone: string; country: string | null }) => ({
    timeZone: run.time_zone,
    shifts: shiftDefinitions(await shifts.ofRun(run.id), languageOfCountry(run.country)),
  });
  const worker = new DeliveryWorker({ repo, runs, runScope, clockOf, languageOf: (run) => languageOfCountry(run.country), files, renderer, channels, now: ctx.now, log: ctx.log });
  ctx.services.provide('deliveryWorker', worker);
  const service = new SubscriptionService({ repo, runScope, clockOf, files, renderer, channels, worker, now: ctx.now });
  registerSubscriptionRoutes(ctx.app, service, ctx.endpoints);
  ctx.jobs.declare({ name: 'delivery.subscriptions', intervalMs: ctx.config.delivery.intervalMs, run: ({ now, signal }) => worker.pass(now, signal) });
  // Immediate passes of manual sends end before the database closes.
  ctx.app.addHook('preClose', () => worker.close());
}
