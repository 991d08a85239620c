import {
  AlertSettingsBodySchema,
  AlertSettingsSchema,
  ToldTutorsSchema,
  UnsubscribeBodySchema,
  UnsubscribedSchema,
} from '@gurumatch/shared/alerts';

const tags = ['alerts'];
const bearer = [{ bearerAuth: [] }];

export const toldTutorsSchema = {
  tags,
  summary: 'How many tutors were told of the latest live enquiry',
  security: bearer,
  response: { 200: ToldTutorsSchema },
};

export const getAlertSettingsSchema = {
  tags,
  summary: 'The tutor’s WhatsApp and e-mail alert settings (the defaults until saved)',
  security: bearer,
  response: { 200: AlertSettingsSchema },
};

export const saveAlertSettingsSchema = {
  tags,
  summary: 'Replaces the tutor’s alert settings',
  security: bearer,
  body: AlertSettingsBodySchema,
  response: { 200: AlertSettingsSchema },
};

export const unsubscribeSchema = {
  tags,
  summary: 'Turns off the channel a message’s signed unsubscribe link names (no sign-in)',
  body: UnsubscribeBodySchema,
  response: { 200: UnsubscribedSchema },
};
