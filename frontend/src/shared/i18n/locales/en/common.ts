import { defineMessages } from '../../i18n';

// English texts of app/ and shared/ (the spec's, exactly). Spanish: ../es/common.json, same groups and keys.

export const languageMessages = defineMessages('common/language', {
  label: 'Language',
});
