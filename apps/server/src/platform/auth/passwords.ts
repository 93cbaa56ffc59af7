import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's recommended argon2id parameters.
// Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const PARAMS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
