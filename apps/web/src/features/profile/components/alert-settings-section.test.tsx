import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '@gurumatch/shared/alerts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders, type TestSession } from '../../../testing/render.tsx';
import { profileRoutes } from '../routes.tsx';
import { json, makeProfile, stubApi } from '../test-api.ts';

const TEACHER: TestSession = { role: 'teacher', user_id: 7, full_name: 'Asha Rao' };
const STUDENT: TestSession = { role: 'student', user_id: 8, full_name: 'Ravi Kumar' };
const PROFILE_PATH = '/api/auth/profile/';
const SETTINGS_PATH = '/api/alerts/settings/';

const stored: AlertSettings = {
  ...DEFAULT_ALERT_SETTINGS,
  whatsapp_to: '+919876543210',
  email_to: 'asha@example.com',
};

function renderProfile(session: TestSession = TEACHER) {
  return renderWithProviders(profileRoutes, { initialEntries: ['/profile'], session });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AlertSettingsSection on the profile', () => {
  it('shows a tutor’s settings with labelled controls', async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]),
      [`GET ${SETTINGS_PATH}`]: () => json(200, stored),
    });
    renderProfile();
    const section = within(await screen.findByRole('region', { name: 'Lead alerts' }));
    const whatsapp = within(await section.findByRole('group', { name: 'WhatsApp alerts' }));
    expect(whatsapp.getByRole('radio', { name: 'Off' })).toBeChecked();
    const email = within(section.getByRole('group', { name: 'E-mail alerts' }));
    expect(email.getByRole('radio', { name: 'At once' })).toBeChecked();
    expect(section.getByText('To +919876543210')).toBeInTheDocument();
    expect(section.getByText('To asha@example.com')).toBeInTheDocument();
    expect(section.getByLabelText('E-mail: Digest time (IST)')).toHaveValue('19');
    // a channel that is off has no digest time to choose
    expect(section.queryByLabelText('WhatsApp: Digest time (IST)')).not.toBeInTheDocument();
    expect(section.getByLabelText('From')).toHaveValue('21:00');
    expect(section.getByLabelText('Until')).toHaveValue('08:00');
    expect(section.getByLabelText('Instant alerts a day, per channel')).toHaveValue(10);
  });

  it('saves the whole of the settings the tutor chose', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]),
      [`GET ${SETTINGS_PATH}`]: () => json(200, stored),
      [`PUT ${SETTINGS_PATH}`]: (call) =>
        json(200, { ...stored, ...(call.json as Partial<AlertSettings>) }),
    });
    const { user } = renderProfile();
    const section = within(await screen.findByRole('region', { name: 'Lead alerts' }));
    const whatsapp = within(await section.findByRole('group', { name: 'WhatsApp alerts' }));
    await user.click(whatsapp.getByRole('radio', { name: 'Daily digest' }));
    await user.selectOptions(section.getByLabelText('WhatsApp: Digest time (IST)'), '7');
    const cap = section.getByLabelText('Instant alerts a day, per channel');
    await user.clear(cap);
    await user.type(cap, '4');
    await user.click(section.getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByText('Alert settings saved')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.json).toEqual({
      whatsapp: { mode: 'digest', digest_hour: 7 },
      email: { mode: 'instant', digest_hour: 19 },
      quiet_hours: { start: '21:00', end: '08:00' },
      daily_cap: 4,
    });
  });

  it('keeps a cap out of range from being sent, and says why', async () => {
    const calls = stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]),
      [`GET ${SETTINGS_PATH}`]: () => json(200, stored),
    });
    const { user } = renderProfile();
    const cap = await screen.findByLabelText('Instant alerts a day, per channel');
    await user.clear(cap);
    await user.type(cap, '500');
    await user.click(screen.getByRole('button', { name: 'Save alert settings' }));
    expect(cap).toHaveAccessibleDescription(/100/);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('says when the settings cannot be loaded, and shows none to a student', async () => {
    stubApi({
      [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile()]),
      [`GET ${SETTINGS_PATH}`]: () => json(500, { detail: 'Server error' }),
    });
    renderProfile();
    expect(await screen.findByText('Could not load your alert settings')).toBeInTheDocument();
    vi.unstubAllGlobals();

    stubApi({ [`GET ${PROFILE_PATH}`]: () => json(200, [makeProfile({ role: 'student' })]) });
    renderProfile(STUDENT);
    expect(await screen.findAllByRole('heading', { level: 1 })).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Lead alerts' })).not.toBeInTheDocument();
  });
});
