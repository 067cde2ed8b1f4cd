import { count, defineMessages } from '../../i18n';

// English texts of app/ and shared/ (the spec's, exactly). Spanish: ../es/common.json, same groups and keys.

export const languageMessages = defineMessages('common/language', {
  label: 'Language',
});

/** The offline banner of the signed-in areas and what the provider's outbox has waiting. */
export const offlineMessages = defineMessages('common/offline', {
  banner: 'You are offline. This page still works; updates are kept and sent when the connection is back.',
  waiting: count({ one: '{count} update waiting to be sent', other: '{count} updates waiting to be sent' }),
  whenOnline: 'They will be sent when you are back online.',
  sending: 'Sending...',
  retrying: 'Retrying shortly...',
});
