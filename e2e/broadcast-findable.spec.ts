import fs from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible, hydrated, isPhone } from './helpers.ts';

// A broadcast request can be found where people look for something (the home page, the parts,
// mechanics and tow-van lists and their empty states, the main menu, the help pages that
// describe it), by guests too: a guest who presses it meets the login page's broadcast message
// and comes back to the form, opened on the kind they asked for, after signing in.

const SHOTS = '/tmp/shots';
async function shot(page: Page, info: TestInfo, name: string) {
  if (process.env.CI) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/findable-${name}-${info.project.name}.png` });
}

const LOGIN_MESSAGE = 'Please login to access this feature.';

test('a guest finds Request on the home page and meets the login message', async ({
  page,
}, info) => {
  await page.goto('/');
  await hydrated(page);
  const choices = page.getByRole('region', { name: /let them come to you/ });
  await choices.scrollIntoViewIfNeeded();
  await shot(page, info, 'home');
  await expectAccessible(page);
  await choices.getByRole('link', { name: /Request a mechanic/ }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fbroadcast%3Fkind%3Dmechanic/);
  await expect(page.getByText(LOGIN_MESSAGE).first()).toBeVisible();
  await shot(page, info, 'login');
  // Signing in returns to the form, opened on a mechanic job.
  await page.getByLabel('E-mail or phone number').fill('buyer@demo.ng');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/broadcast\?kind=mechanic$/);
  await expect(page.getByRole('radio', { name: 'A mechanic' })).toBeChecked();
  await expect(page.getByLabel('Mechanic job')).toBeVisible();
});

test('the main menu has Request for guests, on the phone menu and the desktop bar', async ({
  page,
}, info) => {
  await page.goto('/vindecoder');
  await hydrated(page);
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot(page, info, 'menu');
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Request', exact: true })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Request', exact: true })
      .click();
  }
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fbroadcast&reason=broadcast/);
  await expect(page.getByText(LOGIN_MESSAGE).first()).toBeVisible();
});

test('the parts, mechanics and tow-van lists offer a request, and so do their empty states', async ({
  page,
}, info) => {
  for (const [path, kind, button] of [
    ['/spares-parts?regionId=', 'part', 'Request a part'],
    ['/mechanics?regionId=', 'mechanic', 'Request a mechanic'],
    ['/towvans?regionId=', 'tow', 'Request a tow'],
  ] as const) {
    await page.goto(path);
    const prompt = page.getByTestId(`request-prompt-${kind}`);
    await expect(prompt).toHaveCount(1);
    await expect(prompt.getByRole('link', { name: button })).toHaveAttribute(
      'href',
      kind === 'part' ? '/broadcast' : `/broadcast?kind=${kind}`,
    );
  }
  // Nothing matches: the empty state itself offers the request.
  await page.goto('/spares-parts?prodName=zzqqxxnothingmatches&regionId=');
  await expect(page.getByTestId('empty-results').getByTestId('request-prompt-part')).toBeVisible();
  await shot(page, info, 'parts-empty');
  await page.goto('/mechanics?regionId=1&avaliability=sunday&speciality=1&vehicleType=99');
  await expect(page.getByTestId('request-prompt-mechanic')).toBeVisible();
  await shot(page, info, 'mechanics-empty');
  await expectAccessible(page);
  // Without JavaScript the prompt is a plain link to the form (through the login).
});

test('the help pages that describe broadcasting end with the way to do it', async ({
  page,
}, info) => {
  await page.goto('/static/book-sp');
  const section = page.getByRole('region', { name: 'Or broadcast a request' });
  await expect(section).toContainText('Tap Request in the menu');
  const links = section.getByTestId('request-links');
  await expect(links.getByRole('link', { name: 'Request a tow' })).toHaveAttribute(
    'href',
    '/broadcast?kind=tow',
  );
  await links.scrollIntoViewIfNeeded();
  await shot(page, info, 'help');
  await page.goto('/static/how-it-works');
  await expect(
    page.getByRole('region', { name: 'Broadcast a request' }).getByTestId('request-links'),
  ).toBeVisible();
  // The page for businesses leads to the requests that reached them instead.
  await page.goto('/static/find-customer');
  await expect(
    page
      .getByRole('region', { name: 'Broadcast requests' })
      .getByRole('link', { name: 'See the requests near you' }),
  ).toHaveAttribute('href', '/broadcast/incoming');
});
