import { describe, expect, it } from 'vitest';
import { ERROR_CODES, codeForStatus } from './errors.ts';

describe('error contract', () => {
  it('has one code per meaning: no duplicates, one name for too many requests', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(ERROR_CODES).toContain('RATE_LIMITED');
    expect(ERROR_CODES as readonly string[]).not.toContain('TOO_MANY_REQUESTS');
  });

  it('maps real HTTP statuses to codes of the list', () => {
    expect(codeForStatus(429)).toBe('RATE_LIMITED');
    expect(codeForStatus(404)).toBe('NOT_FOUND');
    expect(codeForStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    expect(codeForStatus(400)).toBe('BAD_REQUEST');
    expect(codeForStatus(418)).toBe('BAD_REQUEST');
    expect(codeForStatus(502)).toBe('INTERNAL');
    for (const s of [400, 401, 403, 404, 405, 409, 413, 415, 429, 500, 503])
      expect(ERROR_CODES).toContain(codeForStatus(s));
  });
});
