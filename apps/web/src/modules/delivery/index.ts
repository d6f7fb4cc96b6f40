import { defineWebModule } from '../../core/webModule.js';
import { deliveryRoutesFw1 } from './routes.js';

/**
 * Report delivery (issue 26): the run's report subscriptions — a tool page rendered after every
 * shift, daily or weekly and delivered to the message centre, e-mail and a webhook — with their
 * delivery log, a preview and the tool page itself. Reached from the report tabs; no menu item.
 */
export const deliveryModule = defineWebModule({
  name: 'delivery',
  routes: { fw1: deliveryRoutesFw1 },
  resources: ['report.subscription.write'],
});
