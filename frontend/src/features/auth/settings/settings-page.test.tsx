import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { apiUser, identityApi, USER_ID } from '../testing/session-fixtures';

const user = userEvent.setup({ delay: null });

/** Types by pasting: the forms react the same way, at a fraction of the time. */
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
const ANON_ID = 'anon_0b6f4c1e-6a36-4d0e-9b8e-2f0a1c2d3e4f';

function settingsApi() {
  // The user was identified on this browser before: this page load is not a new sign-in.
  window.localStorage.setItem('rc_analytics_user_id', USER_ID);
  return identityApi({ signedIn: true });
}

describe('/settings', () => {
  it('saves the profile and shows the new name in the menus', async () => {
    const api = settingsApi().on('PATCH', '/api/users/me/', () => jsonResponse(200, apiUser({ first_name: 'Danielle', last_name: null })));
    renderApp('/settings', { auth: 'live', stub: api });

    const profile = await screen.findByRole('form', { name: 'Profile' });
    const save = within(profile).getByRole('button', { name: 'Save profile' });
    expect(save).toBeDisabled();
    expect(within(profile).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly');
    const first = within(profile).getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await fill(first, ' Danielle ');
    await user.clear(within(profile).getByRole('textbox', { name: 'Last name' }));
    await user.click(save);

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(api.requestsTo('PATCH', '/api/users/me/')[0]).toMatchObject({
      body: { first_name: 'Danielle', last_name: null },
      headers: { Authorization: 'Bearer access-1' },
    });
    expect(screen.getByRole('button', { name: /open user menu$/ })).toHaveTextContent('Danielle');
    expect(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByText('Danielle')).toBeInTheDocument();
  });

  it('checks the new password here and shows a wrong current password from the server', async () => {
    const api = settingsApi().on('POST', '/api/users/me/password/', () =>
      jsonResponse(400, { error: 'validation_error', detail: 'current_password: The password is incorrect.', fields: { current_password: ['The password is incorrect.'] } }),
    );
    renderApp('/settings', { auth: 'live', stub: api });

    const form = await screen.findByRole('form', { name: 'Change password' });
    await fill(within(form).getByLabelText('Current password'), 'old password');
    await fill(within(form).getByLabelText('New password'), 'short');
    await fill(within(form).getByLabelText('Confirm new password'), 'different');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(within(form).getByText('Password must be 10 to 200 characters long')).toBeInTheDocument();
    expect(within(form).getByText('The passwords do not match')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/users/me/password/')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('New password'));
    await fill(within(form).getByLabelText('New password'), 'a much longer one');
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await fill(within(form).getByLabelText('Confirm new password'), 'a much longer one');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/users/me/password/')[0].body).toEqual({ current_password: 'old password', new_password: 'a much longer one' });
  });

  it('changes the password and clears the form', async () => {
    const api = settingsApi().on('POST', '/api/users/me/password/', () => new Response(null, { status: 204 }));
    renderApp('/settings', { auth: 'live', stub: api });

    const form = await screen.findByRole('form', { name: 'Change password' });
    await fill(within(form).getByLabelText('Current password'), 'old password');
    await fill(within(form).getByLabelText('New password'), 'a much longer one');
    await fill(within(form).getByLabelText('Confirm new password'), 'a much longer one');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('deletes the account only after the password confirms it, then goes to / signed out', async () => {
    const api = settingsApi().on(
      'DELETE',
      '/api/users/me/',
      () => jsonResponse(400, { error: 'validation_error', fields: { password: ['The password is incorrect.'] } }),
      () => new Response(null, { status: 204 }),
    );
    const { router } = renderApp('/settings', { auth: 'live', stub: api });

    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText('Enter your password to confirm.')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/users/me/')).toHaveLength(0);

    await fill(within(dialog).getByLabelText('Your password'), 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('The password is incorrect.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Your password'));
    await fill(within(dialog).getByLabelText('Your password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/users/me/')[1].body).toEqual({ password: 'correct horse battery' });
  });

  it('links this browser’s earlier visits by hand, saying Failed to link account when it fails', async () => {
    window.localStorage.setItem('anon_id', ANON_ID);
    const api = settingsApi()
      .on('GET', `/api/users/anonymous-status/${ANON_ID}/`, () =>
        jsonResponse(200, { anon_id: ANON_ID, exists: true, is_linked: false, linked_to_current_user: false, visit_count: 3 }),
      )
      .on(
        'POST',
        '/api/users/link-anonymous/',
        () => jsonResponse(409, { detail: 'This visitor is linked to another account.' }),
        () =>
          jsonResponse(200, {
            success: true,
            already_linked: false,
            new_data_migrated: true,
            migration_stats: { total_objects: 3, business_discoveries: 2, calls: 1 },
            profiles_linked: 1,
            profiles_failed: 0,
            total_migration_stats: { total_objects: 3, business_discoveries: 2, calls: 1 },
          }),
      );
    renderApp('/settings', { auth: 'live', stub: api });

    const section = await screen.findByRole('region', { name: 'Earlier visits' });
    await user.click(await within(section).findByRole('button', { name: 'Link now' }));
    expect(await screen.findByText('Failed to link account')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Link now' }));
    expect(await screen.findByText('Your earlier 2 searches and 1 call from this browser are now in your account.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/users/link-anonymous/')[1].body).toEqual({ anon_id: ANON_ID, conversion_source: 'manual' });
  });

  it('links every id the server says this browser proves at once, saying Failed to link profiles when none could be', async () => {
    window.localStorage.setItem('anon_id', ANON_ID);
    window.localStorage.setItem('rc_known_anon_ids', JSON.stringify([ANON_ID, 'anon_older']));
    const api = settingsApi()
      .on('GET', `/api/users/anonymous-status/${ANON_ID}/`, () => jsonResponse(200, { anon_id: ANON_ID, exists: true, is_linked: false }))
      .on('POST', '/api/users/link-multiple-anonymous/', () =>
        jsonResponse(200, { success: false, profiles_linked: 0, profiles_failed: 2, total_migration_stats: { total_objects: 0, business_discoveries: 0, calls: 0 } }),
      );
    renderApp('/settings', { auth: 'live', stub: api });

    const section = await screen.findByRole('region', { name: 'Earlier visits' });
    await user.click(await within(section).findByRole('button', { name: 'Link now' }));

    expect(await screen.findByText('Failed to link profiles')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/users/link-multiple-anonymous/')[0].body).toEqual({ anon_ids: [ANON_ID, 'anon_older'] });
  });
});
