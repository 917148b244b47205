// Documents clients sent that Yoga parsed and validated with every rule of /graphql, kept by
// their text (least recently used first out), so that the next request with the same text runs
// without Yoga (direct-execution.ts): front-ends send the same few documents again and again.
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { GRAPHQL_LIMITS } from '../config/constants.ts';
import { prepareValidatedDocument, type PreparedDocument } from './prepared-document.ts';

export class ValidatedDocuments {
  readonly #bySource = new Map<string, PreparedDocument>();
  readonly #schema: GraphQLSchema;
  readonly #hideSuggestions: boolean;

  constructor(schema: GraphQLSchema, options: { hideSuggestions: boolean }) {
    this.#schema = schema;
    this.#hideSuggestions = options.hideSuggestions;
  }

  get(source: string): PreparedDocument | undefined {
    const prepared = this.#bySource.get(source);
    if (prepared) {
      // Most recently used last: the first entry is the one to drop.
      this.#bySource.delete(source);
      this.#bySource.set(source, prepared);
    }
    return prepared;
  }

  /** After Yoga validated `document` (the text `source`) without an error. */
  add(source: string, document: DocumentNode): void {
    if (this.#bySource.has(source)) return;
    const prepared = prepareValidatedDocument(
      this.#schema,
      source,
      document,
      this.#hideSuggestions,
    );
    if (!prepared) return;
    this.#bySource.set(source, prepared);
    if (this.#bySource.size > GRAPHQL_LIMITS.validatedDocumentsKept)
      this.#bySource.delete(this.#bySource.keys().next().value!);
  }

  get size(): number {
    return this.#bySource.size;
  }
}
