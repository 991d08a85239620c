/**
 * How people reach GuruMatch, stated on the contact and area pages.
 */
export const SUPPORT_EMAIL = 'support@gurumatch.in';
export const SUPPORT_HOURS = 'Monday to Saturday, 9:00 am to 7:00 pm IST (except public holidays)';

/**
 * The Grievance Officer under the IT Rules, 2021 and the DPDP Act, 2023, reached
 * through a role address so the pages stay right when the person changes.
 */
export const GRIEVANCE_OFFICER = {
  title: 'Grievance Officer',
  email: 'grievance@gurumatch.in',
} as const;
