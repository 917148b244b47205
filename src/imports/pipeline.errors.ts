// Errors of the import pipeline and of the import operations.
import { AppError } from '../errors.ts';

/** An expected failure of a stage: its message becomes the job's `error`, as it is. */
export class ImportFailure extends Error {}

/** 404 of the AI operations (docs/decisions.md#ai-import). */
export class JobNotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'job_not_found';
  constructor() {
    super('No import job has this id.');
  }
}
