import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { EMAIL_TEMPLATE_DEFAULTS, type EmailTemplate, emailTemplateVariables } from '@offplan/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { apiError, callsTo, ok, stubApi } from '../../test/api-stub.ts';
import { theme } from '../../theme.ts';
import { TemplateEditor } from './components/template-editor.tsx';

const WAIT = { timeout: 10_000 };
const definition = EMAIL_TEMPLATE_DEFAULTS['lead-new'];
const TEMPLATE: EmailTemplate = {
  name: 'lead-new',
  label: definition.label,
  description: definition.description,
  customised: false,
  updatedAt: null,
  updatedBy: null,
  subject: definition.subject,
  body: definition.body,
  defaultSubject: definition.subject,
  defaultBody: definition.body,
  variables: emailTemplateVariables('lead-new'),
};
const PREVIEW_PATH = '/api/email-settings/templates/lead-new/preview';

function stubTemplateApi() {
  return stubApi({
    [`POST ${PREVIEW_PATH}`]: ({ body }) => {
      const { subject } = body as { subject: string };
      return ok({
        subject: subject.replace('{{leadName}}', 'Nina Nguyen'),
        html: '<h1>Sample</h1>',
        text: 'Sample',
      });
    },
    'PUT /api/email-settings/templates/lead-new': () =>
      apiError(422, 'VALIDATION_FAILED', 'Unknown variable {{buyerPhone}}', {
        body: 'Unknown variable {{buyerPhone}}: this template knows {{leadName}}',
      }),
  });
}

function renderEditor() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <TemplateEditor tenant="offplan" template={TEMPLATE} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TemplateEditor', () => {
  it('inserts a variable at the cursor and previews in a sandboxed frame', async () => {
    const calls = stubTemplateApi();
    renderEditor();
    const subject = screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement;
    fireEvent.change(subject, { target: { value: 'Hi  there' } });
    fireEvent.focus(subject);
    subject.setSelectionRange(3, 3);
    fireEvent.click(screen.getByRole('button', { name: /^Insert \{\{leadName\}\}/ }));
    expect(subject.value).toBe('Hi {{leadName}} there');

    await waitFor(
      () => expect(screen.getByTestId('preview-subject').textContent).toContain('Hi Nina Nguyen there'),
      WAIT,
    );
    const frame = screen.getByTitle('Email preview');
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toBe('<h1>Sample</h1>');
    expect(callsTo(calls, 'POST', PREVIEW_PATH).at(-1)?.body).toMatchObject({
      subject: 'Hi {{leadName}} there',
    });
  });

  it("shows the server's refusal next to the body", async () => {
    stubTemplateApi();
    renderEditor();
    const body = screen.getByRole('textbox', { name: 'Body' });
    fireEvent.change(body, { target: { value: '<p>{{buyerPhone}}</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(
      await screen.findByText(/Unknown variable \{\{buyerPhone\}\}: this template knows/, {}, WAIT),
    ).toBeTruthy();
    expect(body.getAttribute('aria-invalid')).toBe('true');
  });
});
