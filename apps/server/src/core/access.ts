import { RESOURCE_CODES, type ResourceCode } from '@boreline/contracts';
import type { AccessPolicy, AuthSession } from './auth.js';

/** Only the super administrator holds resources: for a bare access gate (tests, tools). */
export class SuperAdminOnlyPolicy implements AccessPolicy {
  async isAllowed(session: AuthSession, _code: ResourceCode): Promise<boolean> {
    return session.sa;
  }

  async resourcesOf(session: AuthSession): Promise<string[]> {
    return session.sa ? [...RESOURCE_CODES] : [];
  }

  async rolesOf(): Promise<{ id: number; name: string }[]> {
    return [];
  }
}
