/**
 * How people reach GuruMatch, stated on the contact, policy and area pages.
 */
export const SUPPORT_EMAIL = 'support@gurumatch.in';
export const SUPPORT_HOURS = 'Monday to Saturday, 9:00 am to 7:00 pm IST (except public holidays)';
export const SUPPORT_CITY = 'Bengaluru, Karnataka, India';

/**
 * The Grievance Officer under the IT Rules, 2021 and the DPDP Act, 2023, reached
 * through a role address so the pages stay right when the person changes.
 */
export const GRIEVANCE_OFFICER = {
  title: 'Grievance Officer',
  email: 'grievance@gurumatch.in',
} as const;
/** The Grievance Officer acknowledges a complaint within this many hours. */
export const GRIEVANCE_ACKNOWLEDGE_HOURS = 24;
/** ...and resolves it within this many days of receiving it. */
export const GRIEVANCE_RESOLUTION_DAYS = 15;
/** The Terms' liability cap looks back over this many months of payments. */
export const LIABILITY_LOOKBACK_MONTHS = 12;
