// @trips/sdk: a typed client of the Trips API (README.md beside this folder).
export {
  createTripsClient,
  TripImportError,
  TripsClient,
  type CreateTripImportRequest,
  type Data,
  type ImportOptions,
  type Item,
  type Method,
  type Page,
  type PaginatedPath,
  type Schemas,
  type TripImportJob,
  type TripsClientOptions,
} from './client.ts';
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  errorOf,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  PreconditionFailedError,
  RateLimitedError,
  ServerError,
  TripsApiError,
  UnprocessableEntityError,
  UnsupportedMediaTypeError,
  ValidationError,
  type ErrorBody,
  type ValidationErrorBody,
} from './errors.ts';
export type { components, operations, paths } from './generated/openapi.ts';
export { type RetryOptions, retryingFetch } from './retry.ts';
export { verifyWebhook } from './webhooks.ts';
