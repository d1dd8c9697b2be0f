import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, hydrated, shot, signIn } from './helpers.ts';

// Who a request reaches, as the buyer sees it (decision 0026): told at once how many workshops
// have it; when nobody matched, told so and offered the next ring.
test.describe.configure({ timeout: 120_000 });

/** Fills the mechanic form of /broadcast (already open) and sends it. */
async function askMechanic(page: Page, job: string, city: string, info: TestInfo) {
  await page.getByLabel('A mechanic').check();
  await page.getByLabel('Mechanic job').selectOption({ label: job });
  await page.getByLabel('Vehicle type').selectOption({ label: 'Car (Saloon)' });
  await page.getByLabel('City or area').selectOption({ label: city });
  await page
    .getByLabel('Describe it')
    .fill(`Check engine light is on, test ${info.project.name} ${Date.now()}`);
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page).toHaveURL(/\/broadcast\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test('an Ikeja diagnostics request reaches the Ikeja GRA workshop and says how many it reached', async ({
  page,
  browser,
  baseURL,
}, info) => {
  await signIn(page, 'buyer@demo.ng');
  await page.goto('/broadcast');
  await hydrated(page);
  const id = await askMechanic(page, 'Computer Diagnostics (Scanning)', 'Ikeja', info);
  const reach = page.getByTestId('reach');
  await expect(reach).toContainText(/^Sent to \d+ workshops? in /);
  await expect(reach.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'sent', { full: true });

  // The verified workshop in Ikeja GRA, next door, has it.
  const found = await (
    await page.request.get(`/api/search?q=${encodeURIComponent('diagnostics mechanic ikeja gra')}`)
  ).json();
  const gra = (
    found.groups as { kind: string; providers: { sp_id: number; company_name: string }[] }[]
  )
    .flatMap((g) => g.providers)
    .find((p) => p.company_name === 'Ikeja GRA Auto Diagnostics');
  expect(gra, 'the demo workshop in Ikeja GRA').toBeTruthy();
  const owner = await browser.newContext({ baseURL });
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, `owner-mechanic-${gra!.sp_id}@demo.ng`);
  const incoming = await (await ownerPage.request.get('/api/requests/incoming')).json();
  expect((incoming.items as { id: number }[]).map((r) => r.id)).toContain(id);
  await owner.close();
});

test('a request nobody near can take says so and is sent farther with one tap', async ({
  page,
}, info) => {
  await signIn(page, 'buyer@demo.ng');
  await page.goto('/broadcast');
  await hydrated(page);
  // Sokoto and the states around it have no key programmers in the demo data.
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'Sokoto' });
  await expect(page).toHaveURL(/stateId=/);
  await hydrated(page);
  await askMechanic(page, 'Key Programming', 'Sokoto North', info);
  const reach = page.getByTestId('reach');
  await expect(reach).toContainText('No workshops match this request in Sokoto and the states');
  await shot(page, 'nobody', { full: true });
  await reach.getByRole('button', { name: 'Send it farther: all Nigeria' }).click();
  await expect(page.getByRole('status').filter({ hasText: /more, in all Nigeria/ })).toBeVisible();
  await expect(reach).toContainText(/^Sent to \d+ workshops? in all Nigeria/);
  await expect(reach.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'widened', { full: true });
});
