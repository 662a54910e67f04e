import { DEMO, expect, signIn, test } from './fixtures.ts';
import { apiAs, latestMessage } from './mailbox.ts';

// /email-settings (issue 19 item 4): an admin edits the new-lead email, previews it with the sample
// values, sends a test to the dev mailbox, and is refused a variable the template does not know.
// Nothing valid is saved, so the other specs' new-lead emails keep their default words.

test('an admin previews and test-sends an edited new-lead email; an unknown variable is refused at the field', async ({
  page,
  baseURL,
  clientAddress,
  allowConsoleErrors,
}) => {
  // The refused save answers 422; Playwright's trace snapshots try to run in the preview's sandboxed
  // frame, which (rightly) runs no script.
  allowConsoleErrors('status of 422', "Blocked script execution in 'about:srcdoc'");
  await signIn(page, DEMO.admin);
  await page.goto('/email-settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Settings' })).toBeVisible();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'New lead' }).click();
  await expect(page.getByRole('heading', { name: 'New lead' })).toBeVisible();

  const stamp = Date.now();
  const subject = page.getByRole('textbox', { name: 'Subject' });
  const body = page.getByRole('textbox', { name: 'Body' });
  await subject.fill(`Hot lead ${stamp}: `);
  await subject.press('End');
  await page.getByRole('button', { name: /^Insert \{\{leadName\}\}/ }).click();
  await expect(subject).toHaveValue(`Hot lead ${stamp}: {{leadName}}`);
  await body.fill(
    '<h1>{{leadName}} asked about {{projectTitle}}</h1>\n<p>Call within the hour.</p>\n{{button}}',
  );

  // The live preview renders the sample values in the branded layout, inside a sandboxed frame.
  await expect(page.getByTestId('preview-subject')).toContainText(`Hot lead ${stamp}: Nina Nguyen`);
  // Read from the frame's document (its sandbox runs no script, so no locator inside it).
  const frame = page.locator('iframe[title="Email preview"]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
  await expect(frame).toHaveAttribute('srcdoc', /Nina Nguyen asked about Quay Residences<\/h1>/);
  await expect(frame).toHaveAttribute('srcdoc', /Call within the hour\./);

  await page.getByRole('button', { name: 'Send test to me' }).click();
  await expect(page.getByText(/A test with sample values is on its way/)).toBeVisible();
  const admin = await apiAs(baseURL!, clientAddress);
  await expect
    .poll(async () => (await latestMessage(admin, DEMO.admin)).subject)
    .toBe(`[Test] Hot lead ${stamp}: Nina Nguyen`);

  await body.fill('<p>Hi {{buyerPhone}}</p>');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(body).toHaveAccessibleDescription(/Unknown variable \{\{buyerPhone\}\}/);
  const saved = await admin.get('/api/email-settings/templates/lead-new?tenant=offplan');
  expect((await saved.json()).customised).toBe(false);
  await admin.dispose();
});
