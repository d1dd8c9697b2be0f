import { Id, Obj, Text, nullable, okStatus } from '../../lib/schemas.ts';

// A seller's CSV imports of products: started by an upload, read by a job, polled for progress.

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;

export const problem = Obj({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: int,
  /** The column (sku, price, fitment …), or 'row' for the whole row. */
  field: str,
  message: str,
});

export const importItem = Obj({
  id: str,
  /** queued | running | done (every row read) | failed (the file could not be read; see message) */
  status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
  fileName: str,
  /** Data rows of the file (the header not counted). */
  totalRows: nullable(int),
  processedRows: int,
  /** Products added, and products updated because the store had their SKU. */
  created: int,
  updated: int,
  /** Rows not imported; their problems are in `problems` (the first 1,000). */
  badRows: int,
  problems: { type: 'array', items: problem },
  /** Bad rows beyond those listed. */
  moreProblems: int,
  message: nullable(str),
  createdAt: str,
  finishedAt: nullable(str),
  /** The page that shows this import. */
  url: str,
});

export const importReply = Obj({ status: okStatus, item: importItem });
export const importsReply = Obj({ status: okStatus, items: { type: 'array', items: importItem } });

export const importIdParam = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: Text({
      minLength: 36,
      maxLength: 36,
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      description: 'The import’s id',
    }),
  },
} as const;

export const importStoreQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { storeId: Id({ description: 'One of my stores (default: my first)' }) },
} as const;
