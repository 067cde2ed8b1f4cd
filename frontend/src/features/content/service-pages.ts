import type { servicePagesMessages } from '../../shared/i18n/locales/en/content';

/** The four service pages: description and 'Why Choose Us?' list (built in). */
export interface ServicePageContent {
  title: string;
  description: string;
  whyChooseUs: string[];
}

export type ServiceSlug = 'tire-repair' | 'tire-replacement' | 'wheel-balancing' | 'emergency';

/** The service pages' texts in the language shown (shared/i18n/locales/en/content.ts servicePages). */
export type ServicePagesTexts = ReturnType<typeof servicePagesMessages.get>;

/** A service page's content, from the catalogue's texts. */
export function servicePageContent(slug: ServiceSlug, t: ServicePagesTexts): ServicePageContent {
  switch (slug) {
    case 'tire-repair':
      return { title: t.repairTitle, description: t.repairDescription, whyChooseUs: [t.repairWhy1, t.repairWhy2, t.repairWhy3, t.repairWhy4] };
    case 'tire-replacement':
      return {
        title: t.replacementTitle,
        description: t.replacementDescription,
        whyChooseUs: [t.replacementWhy1, t.replacementWhy2, t.replacementWhy3, t.replacementWhy4],
      };
    case 'wheel-balancing':
      return {
        title: t.balancingTitle,
        description: t.balancingDescription,
        whyChooseUs: [t.balancingWhy1, t.balancingWhy2, t.balancingWhy3, t.balancingWhy4],
      };
    case 'emergency':
      return {
        title: t.emergencyTitle,
        description: t.emergencyDescription,
        whyChooseUs: [t.emergencyWhy1, t.emergencyWhy2, t.emergencyWhy3, t.emergencyWhy4],
      };
  }
}
