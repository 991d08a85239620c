/** Words of the lead alerts' messages, settings and unsubscribe page (issue 23; ours). */
export const ALERT_MESSAGES = {
  // messages
  openFeed: 'See it in your feed',
  unsubscribeEmail: 'Stop these e-mails',
  unsubscribeWhatsapp: 'Stop these messages',
  digestSubject: (count: number) =>
    count === 1
      ? 'Your GuruMatch digest: 1 new enquiry near you'
      : `Your GuruMatch digest: ${String(count)} new enquiries near you`,

  // settings on the profile
  settingsTitle: 'Lead alerts',
  settingsIntro:
    'New enquiries that fit you appear in the app at once. Choose how WhatsApp and e-mail tell you of them when the app is closed.',
  modeInstant: 'At once',
  modeDigest: 'Daily digest',
  modeOff: 'Off',
  digestHour: 'Digest time (IST)',
  quietHours: 'Quiet hours (IST)',
  quietHoursHint: 'Alerts that come in quiet hours wait until they end. Same start and end: none.',
  quietStart: 'From',
  quietEnd: 'Until',
  dailyCap: 'Instant alerts a day, per channel',
  dailyCapHint: 'Beyond this, the day’s alerts go into the next digest.',
  whatsappTo: (phone: string) => `To ${phone}`,
  whatsappNoPhone: 'Verify your phone number to get WhatsApp alerts.',
  emailTo: (email: string) => `To ${email}`,
  save: 'Save alert settings',
  saved: 'Alert settings saved',
  saveFailed: 'Could not save your alert settings',
  loadFailed: 'Could not load your alert settings',

  // the unsubscribe page
  unsubscribeTitle: 'Unsubscribe from lead alerts',
  unsubscribing: 'Turning off your alerts…',
  unsubscribed: (channel: string) =>
    `${channel} alerts are off. You can turn them on again from your profile.`,
  unsubscribeLinkInvalid:
    'This unsubscribe link is not valid. Open the link from the message again, or change your alerts on your profile.',
  unsubscribeMissing: 'This page needs the link from an alert message.',
  openProfile: 'Alert settings on your profile',
} as const;
