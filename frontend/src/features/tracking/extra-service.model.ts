import { SERVICE_TYPES, type ServiceType } from '@tiredash/contracts';
import { trackingExtraMessages } from '../../shared/i18n/locales/en/tracking';

/** The extra-service dialog (spec section 5): service type and budget both required to enable Add Service; budget numeric. */
export interface ExtraServiceDraft {
  serviceType: ServiceType | '';
  budget: string;
}

export const EMPTY_EXTRA_SERVICE: ExtraServiceDraft = { serviceType: '', budget: '' };

export function isServiceType(value: string): value is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(value);
}

/** The budget as a number of dollars, or null when it is empty or not a positive number. */
export function extraServiceBudget(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

export function budgetError(text: string): string | null {
  if (text.trim() === '') return null;
  return extraServiceBudget(text) === null ? trackingExtraMessages.get().budgetError : null;
}

export function canAddExtraService(draft: ExtraServiceDraft): boolean {
  return draft.serviceType !== '' && extraServiceBudget(draft.budget) !== null;
}
