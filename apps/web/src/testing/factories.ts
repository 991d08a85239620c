/** Shared test data for the web component tests. */
import type { TutorEnquiry } from '@gurumatch/shared/schemas/enquiries';

/** An enquiry as a verified tutor sees it before contacting (poster masked). */
export function makeTutorEnquiry(overrides: Partial<TutorEnquiry> = {}): TutorEnquiry {
  return {
    id: 42,
    name: 'Maths tuition for my son',
    class_level: 'Class 10',
    subject: 'Mathematics',
    study_mode: 'online',
    coins_required: 15,
    coins_reduced: 0,
    days_left: 30,
    responded_count: 0,
    total_responses: 5,
    time_ago: '2 hours ago',
    viewed: true,
    is_starred: false,
    distance_km: null,
    image: null,
    board: 'CBSE',
    user_budget: 400,
    custom_class: '',
    custom_subject: '',
    language: 'English',
    custom_language: '',
    when_to_start: 'immediately',
    female_tutor_preferred: false,
    posted_at: '2026-11-25T09:00:00.000Z',
    is_contacted: false,
    can_contact: true,
    contact_pending: [],
    address: {
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      latitude: 12.925,
      longitude: 77.5938,
    },
    user: {
      phone_number: 'XXXXXXXX02',
      full_name: 'Ananya',
      email: '',
      profile_avatar: null,
      last_login: null,
    },
    ...overrides,
  };
}
