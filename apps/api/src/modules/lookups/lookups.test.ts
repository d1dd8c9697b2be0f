import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe(`lookups (${dbLabel()})`, () => {
  it("lists Nigeria's 36 states and the FCT as options", async () => {
    const { status, body } = await t.get('/api/database/states/NG');
    expect(status).toBe(200);
    expect(body.status).toBe(true);
    expect(body.items).toHaveLength(37);
    expect(body.items.map((o: any) => o.label)).toContain('Lagos');
    expect(body.items.map((o: any) => o.label)).toContain('Federal Capital Territory');
    expect(Object.keys(body.items[0]).sort()).toEqual(['label', 'value']);
  });

  it("gives Lagos's 20 LGAs plus well-known districts such as Lekki and Ladipo", async () => {
    const states = (await t.get('/api/database/states/NG')).body.items;
    const lagos = states.find((s: any) => s.label === 'Lagos');
    const { status, body } = await t.get(`/api/database/cities/${lagos.value}`);
    expect(status).toBe(200);
    const labels = body.items.map((o: any) => o.label);
    expect(labels).toContain('Ikeja');
    expect(labels).toContain('Lekki');
    expect(labels).toContain('Ladipo');
    expect(labels.length).toBeGreaterThan(20);
  });

  it('answers 404 for a state that does not exist and 400 for a malformed id', async () => {
    expect((await t.get('/api/database/cities/999')).status).toBe(404);
    const bad = await t.get('/api/database/cities/lagos');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: false, code: 'VALIDATION' });
    expect(bad.body.message).toMatch(/stateId/);
    expect((await t.get('/api/database/cities/-1')).status).toBe(400);
    expect((await t.get('/api/database/cities/99999999999999999999')).status).toBe(400);
    expect((await t.get('/api/database/states/GH')).status).toBe(400);
  });

  it('walks make → model → years for a Toyota Camry', async () => {
    const makes = (await t.get('/api/database/cars/make')).body.items;
    const toyota = makes.find((m: any) => m.label === 'Toyota');
    expect(toyota).toBeTruthy();
    expect(makes.map((m: any) => m.label)).toEqual(
      expect.arrayContaining(['Honda', 'Lexus', 'Nissan', 'Mercedes-Benz', 'Peugeot']),
    );
    const models = (await t.get(`/api/database/cars/model/${toyota.value}`)).body.items;
    const camry = models.find((m: any) => m.label === 'Camry');
    expect(camry).toBeTruthy();
    const years = (await t.get(`/api/database/cars/year/${camry.value}`)).body.items;
    const values = years.map((y: any) => y.value);
    expect(values).toContain(2010);
    expect(values[0]).toBeGreaterThan(values[values.length - 1]);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(1970);
    expect(Math.max(...values)).toBeLessThanOrEqual(new Date().getFullYear());
    expect((await t.get('/api/database/cars/model/123456789')).status).toBe(404);
    expect((await t.get('/api/database/cars/year/123456789')).status).toBe(404);
  });

  it('lists vehicle types, mechanic specialities and tow capacities', async () => {
    for (const url of [
      '/api/database/vehicleType',
      '/api/mechanics/specialities',
      '/api/sp-garage/towcapacity/master',
    ]) {
      const { status, body } = await t.get(url);
      expect(status).toBe(200);
      expect(body.items.length).toBeGreaterThan(4);
      expect(typeof body.items[0].label).toBe('string');
    }
  });

  it('gives the top part categories, each with real children', async () => {
    const { body } = await t.get('/api/categories/getByParentId/0');
    expect(body.items.length).toBeGreaterThanOrEqual(30);
    const names = body.items.map((c: any) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Body', 'Filters', 'Engine', 'Brakes', 'Lighting']),
    );
    const brakes = body.items.find((c: any) => c.name === 'Brakes');
    expect(brakes).toMatchObject({
      cat_id: expect.any(Number),
      image_url: expect.stringMatching(/^\/images\//),
      path: expect.any(String),
    });
    expect(brakes.child_count).toBeGreaterThan(3);
    const children = (await t.get(`/api/categories/getByParentId/${brakes.cat_id}`)).body.items;
    expect(children.map((c: any) => c.name)).toContain('Brake Pads');
    expect((await t.get('/api/categories/getByParentId/99999')).status).toBe(404);
  });

  it('serves the category tile images', async () => {
    const { body } = await t.get('/api/categories/getByParentId/0');
    const res = await t.get(body.items[0].image_url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});

describe(`api conventions (${dbLabel()})`, () => {
  it('answers health and version', async () => {
    expect((await t.get('/api/health')).body).toMatchObject({ status: true });
    expect((await t.get('/api/version')).body).toMatchObject({
      status: true,
      version: expect.any(String),
    });
  });
  it('sets security headers on every response', async () => {
    const { headers } = await t.get('/api/database/states/NG');
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
    expect(headers['strict-transport-security']).toBeUndefined();
  });
  it('sends HSTS when served over HTTPS', async () => {
    const secure = await createTestApp({ publicUrl: 'https://sparefinder.ng' });
    try {
      const res = await secure.get('/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await secure.close();
    }
  }, 60_000); // a second database starts here: slow when the shared machine is busy
  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await t.get('/api/nope');
    expect(status).toBe(404);
    expect(body).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });
  it('refuses malformed JSON and oversized bodies with 4xx, never 5xx', async () => {
    const bad = await t.post('/api/health', '{"a":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    const big = await t.post('/api/email/contact-list/newsletter', {
      x: 'a'.repeat(2 * 1024 * 1024),
    });
    expect(big.status).toBeGreaterThanOrEqual(400);
    expect(big.status).toBeLessThan(500);
  });
  it('publishes an OpenAPI document', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/database/cars/model/{makeId}');
  });
});
