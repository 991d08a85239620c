import {
  AlertSettingsBodySchema,
  AlertSettingsSchema,
  ToldTutorsSchema,
  UnsubscribeBodySchema,
  UnsubscribedSchema,
} from '@gurumatch/shared/alerts';

const tags = ['alerts'];
/** What every route but the unsubscribe link's shares: the tag and the bearer sign-in. */
const signedIn = { tags, security: [{ bearerAuth: [] }] };

export const toldTutorsSchema = {
  ...signedIn,
  summary: 'How many tutors were told of the latest live enquiry',
  response: { 200: ToldTutorsSchema },
};

export const getAlertSettingsSchema = {
  ...signedIn,
  summary: 'The tutor’s WhatsApp and e-mail alert settings (the defaults until saved)',
  response: { 200: AlertSettingsSchema },
};

export const saveAlertSettingsSchema = {
  ...signedIn,
  summary: 'Replaces the tutor’s alert settings',
  body: AlertSettingsBodySchema,
  response: { 200: AlertSettingsSchema },
};

export const unsubscribeSchema = {
  tags,
  summary: 'Turns off the channel a message’s signed unsubscribe link names (no sign-in)',
  body: UnsubscribeBodySchema,
  response: { 200: UnsubscribedSchema },
};
