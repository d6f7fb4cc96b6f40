import { RESOURCE_CODES, type ResourceCode } from '@boreline/contracts';
import type { AccessPolicy, AuthSession } from './auth.js';

/**
 * Grants as far as the foundation knows them: the super administrator holds every resource.
 * The administration module replaces this with role grants per organization path.
 */
export class SuperAdminOnlyPolicy implements AccessPolicy {
  async isAllowed(session: AuthSession, _code: ResourceCode): Promise<boolean> {
    return session.sa;
  }

  async resourcesOf(session: AuthSession): Promise<string[]> {
    return session.sa ? [...RESOURCE_CODES] : [];
  }
}
