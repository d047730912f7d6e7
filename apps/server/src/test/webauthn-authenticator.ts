import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A software authenticator for the server's tests (docs/adr/0103): a P-256 key made with
 * node:crypto, attestation `none`, the authenticator data and client data a browser would send.
 * Only what a test needs; each call says what it makes.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

function b64url(bytes: Uint8Array | string) {
  return Buffer.from(bytes).toString('base64url');
}

function sha256(bytes: Uint8Array | string) {
  return createHash('sha256').update(bytes).digest();
}

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export interface AuthenticatorOptions {
  /** The relying party the authenticator signs for (its authenticator data's rpIdHash). */
  rpId?: string;
  /** The page's origin the client data names. */
  origin?: string;
  /** A synced passkey: the backup-eligible and backed-up flags. */
  backedUp?: boolean;
  /** Without user verification: the UV flag unset. */
  userVerified?: boolean;
}

export interface RegistrationOptionsLike {
  challenge: string;
  user: { id: string };
}

/** One passkey of one authenticator: its key, its id, its counter. */
export class SoftPasskey {
  readonly credentialId = b64url(randomBytes(16));
  counter = 0;
  userHandle = '';
  private readonly options: AuthenticatorOptions;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x?: string; y?: string };

  constructor(
    options: AuthenticatorOptions = {},
    key?: { privateKey: KeyObject; publicJwk: { x?: string; y?: string }; credentialId: string },
  ) {
    this.options = options;
    if (key) {
      this.privateKey = key.privateKey;
      this.publicJwk = key.publicJwk;
      this.credentialId = key.credentialId;
    } else {
      const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      this.privateKey = pair.privateKey;
      this.publicJwk = pair.publicKey.export({ format: 'jwk' });
    }
  }

  /** The same key and credential in another authenticator, its counter from zero: a clone. */
  clone(): SoftPasskey {
    const copy = new SoftPasskey(this.options, {
      privateKey: this.privateKey,
      publicJwk: this.publicJwk,
      credentialId: this.credentialId,
    });
    copy.userHandle = this.userHandle;
    return copy;
  }

  private flags(extra: number) {
    let flags = FLAG_UP | extra;
    if (this.options.userVerified !== false) flags |= FLAG_UV;
    if (this.options.backedUp) flags |= FLAG_BE | FLAG_BS;
    return flags;
  }

  private clientData(type: string, challenge: string, origin?: string) {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: origin ?? this.options.origin ?? 'http://localhost',
        crossOrigin: false,
      }),
    );
  }

  private rpIdHash() {
    return sha256(this.options.rpId ?? 'localhost');
  }

  /** A RegistrationResponseJSON for the options, as navigator.credentials.create() would answer. */
  register(options: RegistrationOptionsLike, { origin }: { origin?: string } = {}) {
    this.userHandle = options.user.id;
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x ?? '', 'base64url')],
      [-3, Buffer.from(this.publicJwk.y ?? '', 'base64url')],
    ]);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([this.flags(FLAG_AT)]),
      counterBytes(this.counter),
      Buffer.alloc(16), // aaguid: none
      credentialIdLength,
      credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    return this.credentialAnswer({
      clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    });
  }

  /** What a browser hands the page for this credential around an authenticator's `response`. */
  private credentialAnswer<R>(response: R) {
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response,
    };
  }

  /** An AuthenticationResponseJSON for the challenge, its counter one more than the last. */
  authenticate(challenge: string, { origin }: { origin?: string } = {}) {
    this.counter += 1;
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([this.flags(0)]), counterBytes(this.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return this.credentialAnswer({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }
}
