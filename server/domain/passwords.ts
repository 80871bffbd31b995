/** Password hashing (argon2id) and generation. */
import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Argon2Params } from '../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown user answers as slowly as a wrong password. */
  burn(password: string): Promise<void>;
}

export function createPasswordHasher(params: Argon2Params): PasswordHasher {
  // @node-rs/argon2's default algorithm is argon2id (its Algorithm enum is a const enum we cannot name here);
  // a test checks that hashes start with $argon2id$.
  const options = { memoryCost: params.memoryCost, timeCost: params.timeCost, parallelism: params.parallelism };
  let dummy: Promise<string> | null = null;
  const verifyHash = async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password, options),
    verify: verifyHash,
    async burn(password) {
      dummy ??= hash('not a real password', options);
      await verifyHash(await dummy, password);
    },
  };
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password without look-alike characters (about 82 bits for 14 characters). */
export function generatePassword(length = 14): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
