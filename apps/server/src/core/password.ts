import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (m=19 MiB, t=2, p=1); @node-rs/argon2 defaults to argon2id. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification when the account does not exist (no enumeration by timing). */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('boreline-no-such-account');
  await verifyPassword(await dummyHash, password);
  return false;
}
