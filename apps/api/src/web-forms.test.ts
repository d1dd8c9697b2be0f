import { describe, expect, it } from 'vitest';
import { dbLabel } from './test/helper.ts';
import {
  LONG,
  SHORT,
  SOME,
  admin,
  buyer,
  fill,
  fire,
  formFields,
  hasAction,
  otherFormTargets,
  pageRoutes,
  post,
  unhandled,
  useWebServer,
  type Probe,
} from './test/web-server.ts';

// The form half of the hostile-value sweep (web.test.ts has the pages): a file of its own, so
// the two long sweeps run on two test workers at once.
useWebServer();

describe(`hostile values in every form (${dbLabel()})`, () => {
  it('answers every form post below 500, signed in or not, and keeps serving', async () => {
    const targets = pageRoutes()
      .filter(hasAction)
      .map((r) => ({
        url: fill(r.path, '1'),
        fields: formFields(r.sources[0]),
        admin: r.path.startsWith('admin'),
      }))
      .concat(otherFormTargets().map((f) => ({ ...f, admin: false })));
    const probes: Probe[] = [];
    const form = (fields: string[], v: string) => fields.map((f) => `${f}=${v}`).join('&');
    for (const t of targets)
      for (const cookie of [undefined, t.admin ? admin : buyer]) {
        // Signing out here would end the session the other probes use.
        if (cookie && t.url === '/auth/logout') continue;
        // Every field at once, then a few values in each field alone.
        for (const v of [...SHORT, LONG])
          probes.push({ method: 'POST', url: t.url, body: form(t.fields, v), cookie });
        for (const f of t.fields)
          for (const v of [...SOME, LONG])
            probes.push({ method: 'POST', url: t.url, body: form([f], v), cookie });
      }
    // The redirect target of forms that succeed: a real sign-up and a real sign-in.
    const password = 'Okada-rides-4-ever';
    const reg = await post(
      '/auth/register',
      `name=Ada%20Obi&email=hostile0%40test.ng&phone=08031110000&password=${password}&role=Buyer`,
    );
    expect(reg.status).toBe(302);
    SHORT.concat(LONG).forEach((v, i) => {
      probes.push({
        method: 'POST',
        url: '/auth/register',
        body: `name=Ada%20Obi&email=hostile${i + 1}%40test.ng&phone=0803111${String(i + 1).padStart(4, '0')}&password=${password}&role=Buyer&redirectTo=${v}`,
      });
      probes.push({
        method: 'POST',
        url: '/auth/login',
        body: `email=hostile0%40test.ng&password=${password}&redirectTo=${v}`,
      });
    });
    const failures = await fire(probes);
    console.log(`${probes.length} hostile requests`);
    expect(failures).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 300_000);
});
