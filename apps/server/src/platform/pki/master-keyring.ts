import { createCipheriv, createDecipheriv, createHash, randomFillSync } from 'node:crypto';

/** What the keyring wrote: the id of the key that sealed it, and nonce + tag + ciphertext. */
export interface SealedSecret {
  keyId: string;
  sealed: Buffer;
}

const nonceLength = 12;
const tagLength = 16;

/**
 * Nonces drawn from the system's generator 256 at a time: a seal per API access (the event
 * log) made the draw itself a share of every request. Each nonce is still 96 random bits,
 * used once.
 */
const nonces = { pool: Buffer.alloc(nonceLength * 256), next: nonceLength * 256 };

function nextNonce(): Buffer {
  if (nonces.next === nonces.pool.length) {
    // A new pool: nonces already handed out keep the bytes they were given.
    nonces.pool = randomFillSync(Buffer.allocUnsafe(nonces.pool.length));
    nonces.next = 0;
  }
  nonces.next += nonceLength;
  return nonces.pool.subarray(nonces.next - nonceLength, nonces.next);
}

/**
 * The master keys that keep doctors' private keys encrypted at rest (AES-256-GCM). Each
 * sealed secret names its key, so that after a rotation the retired keys still open what
 * they sealed while every new secret is sealed with the current one.
 */
export class MasterKeyring {
  readonly currentKeyId: string;
  readonly #keys = new Map<string, Buffer>();

  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== 32) throw new RangeError('A master key has 32 bytes');
      this.#keys.set(keyIdOf(key), key);
    }
    this.currentKeyId = keyIdOf(current);
  }

  /** The key this keyring seals with, for a keyring of it on another thread of the process. */
  currentKey(): Buffer {
    return this.#keys.get(this.currentKeyId)!;
  }

  /** A keyring that opens what this one and `newer` sealed, and seals with `newer`'s current key. */
  joinedWith(newer: MasterKeyring): MasterKeyring {
    const current = newer.#keys.get(newer.currentKeyId)!;
    return new MasterKeyring(current, [...newer.#keys.values(), ...this.#keys.values()]);
  }

  /** Encrypts `secret`, bound to `context`: the same context must be given to open it. */
  seal(secret: Uint8Array, context: string): SealedSecret {
    const nonce = nextNonce();
    const cipher = createCipheriv('aes-256-gcm', this.#keys.get(this.currentKeyId)!, nonce, { authTagLength: tagLength });
    cipher.setAAD(Buffer.from(context));
    const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
    return { keyId: this.currentKeyId, sealed: Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]) };
  }

  /** Decrypts what `seal` wrote; throws for an unknown key, another context or altered bytes. */
  open({ keyId, sealed }: SealedSecret, context: string): Buffer {
    const key = this.#keys.get(keyId);
    if (!key) throw new Error(`The master key ${keyId} is not configured`);
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, nonceLength), { authTagLength: tagLength });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(sealed.subarray(nonceLength, nonceLength + tagLength));
    return Buffer.concat([decipher.update(sealed.subarray(nonceLength + tagLength)), decipher.final()]);
  }
}

/** A short public name for a key: a hash prefix, which says nothing usable about the key. */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('receta-master-key').update(key).digest('hex').slice(0, 16);
}
