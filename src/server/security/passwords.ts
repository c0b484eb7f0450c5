import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its recommended memory and time costs.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Hash of a random password: verifying against it costs the same as a real check, so an unknown rut is not faster. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hash(`decoy-${Math.random()}`));
