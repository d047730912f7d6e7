import { validatorCompiler } from '@fastify/type-provider-zod';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/**
 * Answers are written by fast-json-stringify from the contract's own JSON schema (the one the
 * OpenAPI document shows), not checked field by field with zod on every call: a property the
 * schema does not name never leaves the server, a missing required one fails the call, and
 * the types of what handlers return are checked by TypeScript against the same contract.
 */
const contractSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as object);

/** The contract's zod schemas: they validate what arrives and write what leaves. */
export default fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(contractSerializerCompiler);
  },
  { name: 'schemas' },
);
