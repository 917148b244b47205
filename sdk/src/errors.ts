// The errors the SDK throws: one class per documented status, each carrying the documented error
// body (`{"error": {"code", "message"}}`, or `{"errors": {field: [messages]}}` for validation),
// the status, the response's headers and its X-Request-Id (quote it when asking for support).
import type { components } from './generated/openapi.ts';

/** `{"error": {"code", "message"}}`: every error but validation. */
export type ErrorBody = components['schemas']['Error'];
/** `{"errors": {"<field>": ["<message>"]}}`: a 400 naming each field. */
export type ValidationErrorBody = components['schemas']['ValidationErrors'];

export class TripsApiError extends Error {
  override readonly name: string = 'TripsApiError';
  readonly status: number;
  /** The error's code (`rate_limited`, `not_found`, ...), or `validation_failed` for a validation body. */
  readonly code: string;
  /** The body as the service sent it (the text when it was not JSON). */
  readonly body: ErrorBody | ValidationErrorBody | string | undefined;
  readonly headers: Headers;
  readonly requestId: string | null;

  constructor(status: number, body: unknown, headers: Headers) {
    const { code, message } = describe(status, body);
    super(message);
    this.status = status;
    this.code = code;
    this.body = body as TripsApiError['body'];
    this.headers = headers;
    this.requestId = headers.get('x-request-id');
  }
}

/** 400: the field messages, by field path (`settings.currency`, `blocks[3].id`, `body`). */
export class ValidationError extends TripsApiError {
  override readonly name = 'ValidationError';
  get fields(): Record<string, string[]> {
    const body = this.body;
    return typeof body === 'object' && body && 'errors' in body ? body.errors : {};
  }
}
/** 400 with a code (`duplicate_header`, ...): a request the service cannot read. */
export class BadRequestError extends TripsApiError {
  override readonly name = 'BadRequestError';
}
/** 401: `missing_api_key`, `invalid_api_key`. */
export class AuthenticationError extends TripsApiError {
  override readonly name = 'AuthenticationError';
}
/** 403: the permission missing is named in the message. */
export class PermissionDeniedError extends TripsApiError {
  override readonly name = 'PermissionDeniedError';
}
/** 404: `not_found`. */
export class NotFoundError extends TripsApiError {
  override readonly name = 'NotFoundError';
}
/** 409: a conflict, e.g. `idempotency_key_in_use` while the first request with a key still runs. */
export class ConflictError extends TripsApiError {
  override readonly name = 'ConflictError';
}
/** 412: the `If-Match` ETag no longer matches the configuration. */
export class PreconditionFailedError extends TripsApiError {
  override readonly name = 'PreconditionFailedError';
}
/** 413: the body is over its limit. */
export class PayloadTooLargeError extends TripsApiError {
  override readonly name = 'PayloadTooLargeError';
}
/** 415: a `Content-Type` the operation does not read. */
export class UnsupportedMediaTypeError extends TripsApiError {
  override readonly name = 'UnsupportedMediaTypeError';
}
/** 422: e.g. an idempotency key sent again with another request. */
export class UnprocessableEntityError extends TripsApiError {
  override readonly name = 'UnprocessableEntityError';
}
/** 429 `rate_limited`, once the retries are spent: `retryAfterSeconds` says when the budget is back. */
export class RateLimitedError extends TripsApiError {
  override readonly name = 'RateLimitedError';
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.headers.get('retry-after'));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  }
}
/** 500 and 503 (`internal_error`, `service_unavailable`), once the retries are spent. */
export class ServerError extends TripsApiError {
  override readonly name = 'ServerError';
}

/** The error class for a response that is not a success. */
export function errorOf(status: number, body: unknown, headers: Headers): TripsApiError {
  const Class =
    status === 400
      ? isValidationBody(body)
        ? ValidationError
        : BadRequestError
      : (BY_STATUS[status] ?? (status >= 500 ? ServerError : TripsApiError));
  return new Class(status, body, headers);
}

const BY_STATUS: Record<number, typeof TripsApiError> = {
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  412: PreconditionFailedError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  422: UnprocessableEntityError,
  429: RateLimitedError,
};

function isValidationBody(body: unknown): body is ValidationErrorBody {
  return typeof body === 'object' && body !== null && 'errors' in body;
}

function describe(status: number, body: unknown): { code: string; message: string } {
  if (isValidationBody(body)) {
    const first = Object.entries(body.errors)[0];
    return {
      code: 'validation_failed',
      message: first ? `${first[0]}: ${first[1].join(' ')}` : 'The request is not valid.',
    };
  }
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { code, message } = (body as ErrorBody).error;
    return { code, message };
  }
  return { code: `http_${status}`, message: `HTTP ${status}` };
}
