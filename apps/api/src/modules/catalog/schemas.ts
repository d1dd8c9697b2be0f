export const categorySchema = {
  type: 'object',
  properties: {
    cat_id: { type: 'integer' },
    parent_id: { type: 'integer' },
    name: { type: 'string' },
    image_url: { type: 'string' },
    path: { type: 'string' },
    child_count: { type: 'integer' },
  },
  required: ['cat_id', 'name', 'image_url', 'path'],
} as const;
