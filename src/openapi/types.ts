// The parts of an OpenAPI 3.1 document this service writes. Loose on purpose: schemas are plain
// JSON Schema 2020-12 objects, and the document test checks the whole against the official schema.
import type { z } from 'zod';

export type Schema = Record<string, unknown>;

/** A request body the service validates with zod: the document's schema is converted from it. */
export interface RequestBodyInput {
  schema: z.ZodType;
  /** The description of the whole body. */
  description?: string;
  /** Descriptions by dotted property path (`settings.timezone`): what zod cannot say. */
  notes?: Record<string, string>;
}

export interface Reference {
  $ref: string;
}

export interface Example {
  summary?: string;
  description?: string;
  value: unknown;
}

export interface MediaType {
  schema: Schema | Reference;
  examples?: Record<string, Example | Reference>;
}

export interface Header {
  description: string;
  required?: boolean;
  schema: Schema;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  description?: string;
  required?: boolean;
  schema?: Schema;
  /** For JSON-encoded query parameters (filters, search, orderBy). */
  content?: Record<string, MediaType>;
  examples?: Record<string, Example>;
}

export interface Response {
  description: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, MediaType>;
}

export interface RequestBody {
  description?: string;
  required: boolean;
  content: Record<string, MediaType>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `[]` for public operations; otherwise the schemes that may authorise the call. */
  security: SecurityRequirement[];
  parameters?: Array<Parameter | Reference>;
  requestBody?: RequestBody;
  responses: Record<string, Response | Reference>;
}

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
export type PathItem = Partial<Record<Method, Operation>> & {
  parameters?: Array<Parameter | Reference>;
  servers?: Array<{ url: string; description: string }>;
};
export type Paths = Record<string, PathItem>;

/** What a domain's paths depend on: the AI listener's URL, when it documents one. */
export interface PathsOptions {
  aiUrl?: string;
}

/** An operation of the top-level `webhooks`: a request the service makes to a receiver. */
export interface WebhookOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** The receiver checks the signature header: the webhookSignature scheme. */
  security: Array<Record<string, string[]>>;
  parameters: Parameter[];
  requestBody: RequestBody;
  responses: Record<string, Response | Reference>;
}

/** The document's top-level `webhooks`: the events a receiver gets, by type. */
export type WebhookEvents = Record<string, { post: WebhookOperation }>;

export interface Components {
  schemas: Record<string, Schema>;
  responses: Record<string, Response>;
  parameters: Record<string, Parameter>;
  headers: Record<string, Header>;
  examples: Record<string, Example>;
  securitySchemes: Record<string, Schema>;
}

export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Paths;
  components: Components;
}
