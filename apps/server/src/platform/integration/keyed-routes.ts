import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IntegrationRecordPutSchema, type IntegrationScope } from '@portal/contracts';
import type { Tx } from '../../db/client';
import { notFound } from '../errors/app-error';
import { integrationCallerOf } from '../access/access-control';
import { integrationRoute, NO_CONTENT, type RouteApp } from '../http/routes';
import type { KeyedRecords } from '../intake/keyed-records';
import { integrationPatientOf, type IntegrationPatientId } from './integration-patients';

// The one route builder of a keyed resource of the integration API: PUT creates or replaces the record under the
// facility's identifier (201 created, 200 replaced, `changed` false for a resend), DELETE withdraws it (204, also
// when already withdrawn; 404 when there is none). A path with `:mrn` is a patient's record, resolved among the
// calling facility's patients only; one without is the facility's own.

/** Who a call writes for: the calling facility, and for a patient's record the patient its path names. */
export type IntegrationOwner<Owner extends 'patient' | 'facility'> = {
  facilityId: number;
} & (Owner extends 'patient' ? { patientId: IntegrationPatientId } : unknown);

/** What the records of an owner are put for: the patient the check named, or the facility. */
type OwnerIdOf<Owner extends 'patient' | 'facility'> = Owner extends 'patient' ? IntegrationPatientId : number;

/** The summary and description of a route in the OpenAPI document. */
export interface RouteProse {
  summary: string;
  description: string;
}

export interface KeyedResource<Owner extends 'patient' | 'facility', Body extends z.ZodType, Rec> {
  /** A patient's record (the path names the patient by `:mrn`) or the facility's own. */
  owner: Owner;
  path: string;
  scope: IntegrationScope;
  tags: string[];
  params: z.ZodType<{ externalId: string }>;
  body: Body;
  /** The request body limit, when larger than the server's default. */
  bodyLimit?: number;
  /** The PUT's refusals beside validation and the patient's 404 (a 409 for a clash), for the OpenAPI document. */
  putRefusals?: Record<number, z.ZodType>;
  put: RouteProse;
  withdraw: RouteProse;
  /** The 404 message of a DELETE for an externalId the owner has no record under. */
  notFoundMessage: string;
  /** Where the record type is kept (its module's intake). */
  records: KeyedRecords<Rec, never, OwnerIdOf<Owner>>;
  /** The body as the intake takes it; a 400 for what the schema cannot say (a record it names that is not there). */
  recordOf(
    body: z.infer<Body>,
    owner: IntegrationOwner<Owner>,
    call: { tx: Tx; externalId: string },
  ): Rec | Promise<Rec>;
}

/** Registers the PUT and DELETE of a keyed resource. */
export function keyedResourceRoutes<Owner extends 'patient' | 'facility', Body extends z.ZodType, Rec>(
  app: RouteApp,
  resource: KeyedResource<Owner, Body, Rec>,
): void {
  const { db } = app.deps.database;
  const ownerOf = async (tx: Tx, request: FastifyRequest): Promise<IntegrationOwner<Owner>> => {
    const { facilityId } = integrationCallerOf(request);
    if (resource.owner === 'facility') return { facilityId } as IntegrationOwner<Owner>;
    const { mrn } = request.params as { mrn: string };
    return { facilityId, patientId: await integrationPatientOf(tx, request, mrn) } as IntegrationOwner<Owner>;
  };

  const ownerIdOf = (owner: IntegrationOwner<Owner>) =>
    ('patientId' in owner ? owner.patientId : owner.facilityId) as OwnerIdOf<Owner>;

  app.put(
    resource.path,
    {
      ...(resource.bodyLimit === undefined ? {} : { bodyLimit: resource.bodyLimit }),
      ...integrationRoute(resource.scope, {
        tags: resource.tags,
        ...resource.put,
        params: resource.params,
        body: resource.body,
        response: { 200: IntegrationRecordPutSchema, 201: IntegrationRecordPutSchema, ...resource.putRefusals },
      }),
    },
    async (request, reply) => {
      const { externalId } = request.params;
      const outcome = await db.transaction(async (tx) => {
        const owner = await ownerOf(tx, request);
        const record = await resource.recordOf(request.body as z.infer<Body>, owner, { tx, externalId });
        return resource.records.put(tx, ownerIdOf(owner), externalId, record);
      });
      return reply.status(outcome.created ? 201 : 200).send({ ...outcome, externalId });
    },
  );

  app.delete(
    resource.path,
    integrationRoute(resource.scope, {
      tags: resource.tags,
      ...resource.withdraw,
      params: resource.params,
      response: { 204: NO_CONTENT },
    }),
    async (request, reply) => {
      const { externalId } = request.params;
      await db.transaction(async (tx) => {
        const id = await resource.records.withdraw(tx, ownerIdOf(await ownerOf(tx, request)), externalId);
        if (id === undefined) throw notFound('not_found', resource.notFoundMessage);
      });
      return reply.status(204).send(null);
    },
  );
}
