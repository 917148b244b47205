// Domain errors. Services throw these; GraphQL exposes them with `extensions.code` (and
// `extensions.errors` for validation), and rest/errors.ts turns them into the documented bodies.
// Anything else is an internal error and is masked.

export type FieldErrors = Record<string, string[]>;

export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
}

export class ValidationError extends AppError {
  readonly code = 'validation_failed';
  readonly status = 400;
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors) {
    super('The request is invalid.');
    this.fields = fields;
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** A 400 that is not about a field of a body (bad header, unsupported grant...). */
export class BadRequestError extends AppError {
  readonly status = 400;
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

export class UnauthenticatedError extends AppError {
  readonly status = 401;
  readonly code: 'missing_api_key' | 'invalid_api_key' | 'invalid_client';
  constructor(code: 'missing_api_key' | 'invalid_api_key' | 'invalid_client', message?: string) {
    super(
      message ??
        (code === 'missing_api_key' ? 'An API key is required.' : 'The API key is not valid.'),
    );
    this.code = code;
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code: 'forbidden' | 'plan_required';
  constructor(
    message = 'You do not have permission to do this.',
    code: 'forbidden' | 'plan_required' = 'forbidden',
  ) {
    super(message);
    this.code = code;
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'not_found';
  constructor(message = 'Not found.') {
    super(message);
  }
}

/** A known path asked with a method it does not answer; `Allow` lists those it does (RFC 9110 15.5.6). */
export class MethodNotAllowedError extends AppError {
  readonly status = 405;
  readonly code = 'method_not_allowed';
  readonly headers: Record<string, string>;
  /** `allowed`: the methods to name; `headers.allow` may list more (HEAD, OPTIONS). */
  constructor(
    method: string,
    path: string,
    allowed: readonly string[],
    headers = { allow: allowed.join(', ') },
  ) {
    super(`${path} does not answer ${method}. Use ${orList(allowed)}.`);
    this.headers = headers;
  }
}

/** A body whose Content-Type the operation does not read (a JSON Patch, text/plain, a form). */
export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
  readonly code = 'unsupported_media_type';
  readonly headers: Record<string, string>;
  constructor(method: string, received: string, accepted: readonly string[]) {
    super(
      `${received ? `Content-Type ${received} is not accepted here` : 'The Content-Type is empty'}: send the body as ${orList(accepted)}.`,
    );
    // RFC 5789: a PATCH refused for its media type lists those the resource takes in Accept-Patch.
    this.headers = method === 'PATCH' ? { 'accept-patch': accepted.join(', ') } : {};
  }
}

/** 1048576 → "1 MB", 28027563 → "26.7 MB" (binary megabytes, as the limits are set). */
export const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

const orList = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

export class PreconditionFailedError extends AppError {
  readonly status = 412;
  readonly code = 'precondition_failed';
  constructor(message = 'The resource has changed since it was read.') {
    super(message);
  }
}

/** What a request's Idempotency-Key can be refused for (docs/errors-and-limits.md#idempotency-keys), in one place for the answers and the document. */
export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces), e.g. a UUID.',
  twice: 'Send the Idempotency-Key header once.',
  inUse:
    'A request with this Idempotency-Key is still being processed. Retry after the time given in Retry-After to get its answer.',
  mismatch:
    'This Idempotency-Key was used for a different request (another method, path or body) in the last 24 hours. Send a new request with a new key.',
} as const;

export class InvalidIdempotencyKeyError extends BadRequestError {
  constructor(message: string = IDEMPOTENCY_MESSAGES.invalid) {
    super('invalid_idempotency_key', message);
  }
}

/** The Idempotency-Key of a request that is still running. */
export class IdempotencyKeyInUseError extends AppError {
  readonly status = 409;
  readonly code = 'idempotency_key_in_use';
  readonly headers: Record<string, string>;
  constructor(retryAfterSeconds: number) {
    super(IDEMPOTENCY_MESSAGES.inUse);
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
}

/** An Idempotency-Key already used for another request (method, path or body) by the same caller. */
export class IdempotencyKeyMismatchError extends AppError {
  readonly status = 422;
  readonly code = 'idempotency_key_mismatch';
  constructor() {
    super(IDEMPOTENCY_MESSAGES.mismatch);
  }
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly code = 'payload_too_large';
  /** The rest of the body is not read: the connection cannot be reused. */
  readonly headers: Record<string, string> = { connection: 'close' };
  /** `drained`: the rest of the body is read and discarded, so the connection stays usable. */
  constructor(limitBytes: number, options: { drained?: boolean } = {}) {
    super(`The request body is larger than ${megabytes(limitBytes)} (${limitBytes} bytes).`);
    // Closing while the client still sends makes it fail with EPIPE before it reads the 413.
    if (options.drained) this.headers = {};
  }
}

export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'service_unavailable';
  constructor(message = 'The service is temporarily unavailable.') {
    super(message);
  }
}
