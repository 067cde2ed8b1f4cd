import { trackingRequestStatusMessages, trackingServiceTypesMessages } from '../../shared/i18n/locales/en/tracking';

type Labels = Record<string, string>;

/** The label of an API value (an enum such as a status), the value itself when it has none. */
export function labelOf(labels: Labels, value: string): string {
  return Object.prototype.hasOwnProperty.call(labels, value) ? (labels[value] ?? value) : value;
}

/** A service type as shown in the current language (the stored value, in English, when it is not a listed one). */
export function serviceTypeLabel(value: string, labels: Labels = trackingServiceTypesMessages.get()): string {
  return labelOf(labels, value);
}

/** A request status ('In Progress', 'Cancelled'...) as shown in the current language. */
export function requestStatusLabel(value: string, labels: Labels = trackingRequestStatusMessages.get()): string {
  return labelOf(labels, value);
}
