import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's first recommended setting: 19 MiB of memory, 2 passes, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the account does not exist keeps the answer's timing alike.
let decoy: Promise<string> | null = null;
export async function spendPasswordTime(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password that never matches');
  await verifyPassword(await decoy, password);
}
