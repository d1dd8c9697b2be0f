// The package ships JavaScript only: the part of its API the specs use.
declare module '@adobe/structured-data-validator' {
  export interface Issue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    rootType?: string;
    errorType?: string;
    fieldNames?: string[];
    path?: unknown[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: {
      jsonld?: Record<string, unknown[]>;
      microdata?: Record<string, unknown[]>;
      rdfa?: Record<string, unknown[]>;
      errors?: unknown[];
    }): Promise<Issue[]>;
  }
}
