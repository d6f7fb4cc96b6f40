import { migration } from '../../db/migrations/20261206T1000_feedback.js';
import { migration as grantsMigration } from '../../db/migrations/20261206T1100_feedbackGrants.js';
import { defineModule } from '../../platform/module.js';
import { FeedbackRepo } from './feedback.repo.js';
import { registerFeedbackRoutes } from './feedback.routes.js';
import { FeedbackService } from './feedback.service.js';

export { seedDemoFeedback } from './demoFeedback.js';

/**
 * Feedback (spec §2, §3, §5, §7): the open form (no sign-in; image captcha, a per-address limit
 * in the shared counter store, size limits), the administrators' list within their organizations
 * (visitors' feedback for the super administrator alone), replies that reach a signed-in sender as
 * a message of the message centre, states and the export. Listed after the message centre.
 */
export const feedbackModule = defineModule({
  name: 'feedback',
  migrations: { '20261206T1000_feedback': migration, '20261206T1100_feedbackGrants': grantsMigration },
  register(ctx) {
    const orgScope = ctx.services.get('orgScope');
    const sessions = ctx.services.get('sessions');
    const service = new FeedbackService({
      repo: new FeedbackRepo(ctx.db),
      files: ctx.services.get('files'),
      captcha: ctx.services.get('captcha'),
      counters: ctx.counters,
      scope: (session) => orgScope.of(session),
      messages: () => ctx.services.get('messageCentre'),
      now: ctx.now,
    });
    registerFeedbackRoutes(ctx.app, { feedback: service, authenticate: (token) => sessions.authenticate(token) }, ctx.endpoints);
  },
});
