/** The four service pages: description and 'Why Choose Us?' list (built in). */
export interface ServicePageContent {
  title: string;
  description: string;
  whyChooseUs: string[];
}

export const SERVICE_PAGES = {
  'tire-repair': {
    title: 'Tire Repair',
    description:
      'Punctures and slow leaks fixed where your car is parked. Our technicians inspect the tire, patch or plug it to industry standards and check the pressure of all four tires before they leave.',
    whyChooseUs: ['Certified, background-checked technicians', 'Repairs at your home, office or roadside', 'Upfront quotes from several providers', 'Pay in cash or by card when the job is done'],
  },
  'tire-replacement': {
    title: 'Tire Replacement',
    description:
      'New tires mounted, balanced and installed on site. Tell us your tire size and brand, compare quotes from nearby providers and skip the waiting room.',
    whyChooseUs: ['Any size and brand you choose', 'Mounting and balancing on site', 'Old tires taken away', 'Live tracking of your provider'],
  },
  'wheel-balancing': {
    title: 'Wheel Balancing',
    description:
      'Steering wheel vibration and uneven tire wear are signs of unbalanced wheels. Mobile technicians balance your wheels with precision equipment at your location.',
    whyChooseUs: ['Precision balancing equipment', 'Smoother ride and longer tire life', 'Done in about an hour', 'Competitive quotes from nearby providers'],
  },
  emergency: {
    title: 'Emergency Service',
    description:
      'Stranded with a flat or a blowout? Request emergency help any time of day or night and the nearest available provider comes to you.',
    whyChooseUs: ['Available 24/7', '15 minute average response', 'Live location sharing with your provider', 'Safe, certified roadside technicians'],
  },
} as const satisfies Record<string, ServicePageContent>;

export type ServiceSlug = keyof typeof SERVICE_PAGES;
