import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { hashPassword } from '../../core/password.js';
import type { AuthRepo } from './auth.repo.js';

export interface FirstStart {
  email: string;
  phone: string;
  /** Present only when it was generated here: shown once, never stored in clear. */
  generatedPassword: string | null;
}

/** On an empty database: the root organization and a super administrator. */
export async function seedSuperAdmin(repo: AuthRepo, admin: Config['admin']): Promise<FirstStart | null> {
  if ((await repo.countUsers()) > 0) return null;
  const generatedPassword = admin.password ? null : randomBytes(12).toString('base64url');
  const password = admin.password ?? generatedPassword ?? '';
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  await repo.transaction(async (tx) => {
    const orgId = await tx.insertRootOrg('Boreline', now);
    await tx.insertUser(
      { phone: admin.phone, email: admin.email, nickname: 'Administrator', passwordHash, sa: true, orgId },
      now,
    );
  });
  return { email: admin.email, phone: admin.phone, generatedPassword };
}
