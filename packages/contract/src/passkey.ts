import { z } from 'zod';
import { sessionTokensSchema } from './auth.ts';
import { idParamsSchema } from './common.ts';
import { text } from './input.ts';
import { defineRoute } from './route.ts';
import { PASSKEY_NAME_MAX } from './values/limits.ts';

/*
 * Passkeys (WebAuthn, docs/adr/0103): the JSON shapes SimpleWebAuthn's browser and server halves
 * exchange, checked here so that nothing unbounded reaches the verification.
 */

/** Bytes in base64url: a credential id (WebAuthn allows up to 1023 bytes), a challenge. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
function base64url(max: number) {
  return z.string().min(1).max(max).regex(BASE64URL);
}
const CREDENTIAL_ID_MAX = 1400;
/** clientDataJSON, authenticatorData, an attestation object or a signature, each bounded. */
const CLIENT_DATA_MAX = 4096;
const AUTHENTICATOR_DATA_MAX = 8192;
const ATTESTATION_MAX = 32_768;
/**
 * A signature: 4,096 characters hold ML-DSA-44's 2,420 bytes (3,227 in base64url), the first
 * algorithm SimpleWebAuthn 14 offers where the runtime has it (Node 24), as Chromium's virtual
 * authenticator takes it; ES256 and RS256 need under 350.
 */
const SIGNATURE_MAX = 4096;

export const authenticatorTransportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

const clientExtensionResultsSchema = z
  .object({
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
  })
  .loose()
  .refine((value) => JSON.stringify(value).length <= 2048, { error: 'Extension results are too large' });

const credentialBase = {
  id: base64url(CREDENTIAL_ID_MAX),
  rawId: base64url(CREDENTIAL_ID_MAX),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
};

/** SimpleWebAuthn's `RegistrationResponseJSON`. */
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(CLIENT_DATA_MAX),
    attestationObject: base64url(ATTESTATION_MAX),
    authenticatorData: base64url(AUTHENTICATOR_DATA_MAX).optional(),
    transports: z.array(authenticatorTransportSchema).max(7).optional(),
    publicKeyAlgorithm: z.number().int().min(-65_536).max(65_536).optional(),
    publicKey: base64url(AUTHENTICATOR_DATA_MAX).optional(),
  }),
});

/** SimpleWebAuthn's `AuthenticationResponseJSON`. */
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(CLIENT_DATA_MAX),
    authenticatorData: base64url(AUTHENTICATOR_DATA_MAX),
    signature: base64url(SIGNATURE_MAX),
    userHandle: base64url(128).optional(),
  }),
});

const credentialDescriptorSchema = z.object({
  id: z.string(),
  /** `public-key`. */
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** SimpleWebAuthn's `PublicKeyCredentialCreationOptionsJSON`, what the browser's create() takes. */
export const registrationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** SimpleWebAuthn's `PublicKeyCredentialRequestOptionsJSON`, plus the challenge's id to send back. */
export const authenticationOptionsSchema = z.object({
  challenge_id: z.uuid(),
  options: z.object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptorSchema).optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    hints: z.array(z.string()).optional(),
  }),
});

export const passkeyNameSchema = z.object({ name: text().trim().min(1).max(PASSKEY_NAME_MAX) });

export const registerPasskeySchema = z.object({
  name: text().trim().min(1).max(PASSKEY_NAME_MAX),
  response: registrationResponseSchema,
});

export const passkeySignInSchema = z.object({
  challenge_id: z.uuid(),
  response: authenticationResponseSchema,
});

/** A passkey as its owner sees it: never its public key nor its credential id. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Whether the passkey is synced (a backup exists, e.g. in a password manager). */
  backed_up: z.boolean(),
  /** `singleDevice` or `multiDevice`. */
  device_type: z.enum(['singleDevice', 'multiDevice']),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * The member's five under `passkey`, the sign-in's two under `passkeySignIn`: the web app keeps
 * each tag's apart from its first table and loads them with their page's code (route-table-plugin.ts).
 */
export const passkeyRoutes = {
  passkeyRegistrationOptions: defineRoute({
    method: 'POST',
    path: '/api/passkeys/registration/options',
    summary: 'Options for creating a passkey for the signed-in member',
    tag: 'passkey',
    access: 'regular',
    data: registrationOptionsSchema,
  }),
  passkeyRegister: defineRoute({
    method: 'POST',
    path: '/api/passkeys/registration',
    summary: "Register the passkey the browser created from the options' challenge",
    tag: 'passkey',
    access: 'regular',
    body: registerPasskeySchema,
    data: passkeySchema,
  }),
  passkeyList: defineRoute({
    method: 'GET',
    path: '/api/passkeys',
    summary: "The signed-in member's passkeys",
    tag: 'passkey',
    access: 'regular',
    data: z.array(passkeySchema),
  }),
  passkeyRename: defineRoute({
    method: 'PUT',
    path: '/api/passkeys/:id',
    summary: 'Rename one of your passkeys',
    tag: 'passkey',
    access: 'regular',
    params: idParamsSchema,
    body: passkeyNameSchema,
    data: passkeySchema,
  }),
  passkeyRemove: defineRoute({
    method: 'DELETE',
    path: '/api/passkeys/:id',
    summary: 'Remove one of your passkeys',
    tag: 'passkey',
    access: 'regular',
    params: idParamsSchema,
    data: z.null(),
  }),
  authPasskeyOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/passkey/options',
    summary: 'Options for signing in with a passkey (discoverable, user verification required)',
    tag: 'passkeySignIn',
    access: 'public',
    data: authenticationOptionsSchema,
  }),
  authPasskey: defineRoute({
    method: 'POST',
    path: '/api/auth/passkey',
    summary: 'Sign in with a passkey',
    tag: 'passkeySignIn',
    access: 'public',
    body: passkeySignInSchema,
    data: sessionTokensSchema,
  }),
};
