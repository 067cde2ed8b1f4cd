/** Homepage content (spec section 3) as the landing page uses it. */
export interface ServiceCard {
  title: string;
  body: string;
  icon: string;
  /** Text, shown as 'From $' + price. */
  price: string;
}

export interface HomeContent {
  heroHeading1: string;
  heroHeading2: string;
  heroParagraph: string;
  cards: ServiceCard[];
  logoUrl: string | null;
}

/** Built-in defaults, used when the content endpoint fails or returns empty values. */
export const DEFAULT_HOME_CONTENT: HomeContent = {
  heroHeading1: 'Tire Trouble?',
  heroHeading2: 'We Come to You.',
  heroParagraph:
    'Book certified mobile tire technicians in minutes. Get competing quotes from nearby providers, track them live on the map and pay when the job is done.',
  cards: [
    {
      title: 'Tire Repair',
      body: 'Flat or puncture? A technician patches and plugs your tire wherever you are parked.',
      icon: 'repair',
      price: '100',
    },
    {
      title: 'Tire Replacement',
      body: 'New tires mounted and installed on site, with the old ones taken away.',
      icon: 'replacement',
      price: '100',
    },
    {
      title: 'Wheel Balancing',
      body: 'Smooth out vibrations with precise on-site wheel balancing.',
      icon: 'balancing',
      price: '60',
    },
    {
      title: 'Emergency Service',
      body: 'Stuck on the roadside? Round-the-clock help from the nearest available provider.',
      icon: 'emergency',
      price: '120',
    },
  ],
  logoUrl: null,
};

/** The built-in content's texts in the language shown (shared/i18n/locales/en/content.ts homeDefaults). */
export interface HomeDefaultTexts {
  heroHeading1: string;
  heroHeading2: string;
  heroParagraph: string;
  repairTitle: string;
  repairBody: string;
  replacementTitle: string;
  replacementBody: string;
  balancingTitle: string;
  balancingBody: string;
  emergencyTitle: string;
  emergencyBody: string;
}

/**
 * The content with every built-in (English) default replaced by its translation: the texts the admin wrote in the
 * CMS are data and stay as written; the defaults shown when the CMS has none are the product's own texts.
 */
export function localizeDefaults(content: HomeContent, t: HomeDefaultTexts): HomeContent {
  const own = (value: string, english: string, translated: string): string => (value === english ? translated : value);
  const cardTexts: [string, string][] = [
    [t.repairTitle, t.repairBody],
    [t.replacementTitle, t.replacementBody],
    [t.balancingTitle, t.balancingBody],
    [t.emergencyTitle, t.emergencyBody],
  ];
  return {
    ...content,
    heroHeading1: own(content.heroHeading1, DEFAULT_HOME_CONTENT.heroHeading1, t.heroHeading1),
    heroHeading2: own(content.heroHeading2, DEFAULT_HOME_CONTENT.heroHeading2, t.heroHeading2),
    heroParagraph: own(content.heroParagraph, DEFAULT_HOME_CONTENT.heroParagraph, t.heroParagraph),
    cards: content.cards.map((card) => {
      const index = DEFAULT_HOME_CONTENT.cards.findIndex((d) => d.title === card.title);
      const builtIn = DEFAULT_HOME_CONTENT.cards[index];
      const texts = cardTexts[index];
      if (!builtIn || !texts) return card;
      return { ...card, title: texts[0], body: own(card.body, builtIn.body, texts[1]) };
    }),
  };
}

// GET /api/home as the server may answer it. Checked by hand rather than with a zod schema: this module is on the
// landing page, and zod would add 12 kB of gzipped JavaScript to it (the budget is 150 kB: frontend/build).
type Text = string | null | undefined;

interface RawCard {
  title?: Text;
  body?: Text;
  icon?: Text;
  price?: string | number | null;
}

interface RawHome {
  heroHeading1?: Text;
  heroHeading2?: Text;
  heroParagraph?: Text;
  Cards?: RawCard[] | null;
  logo?: { url?: Text } | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is Text {
  return value === undefined || value === null || typeof value === 'string';
}

function isRawCard(value: unknown): value is RawCard {
  return isRecord(value) && isText(value.title) && isText(value.body) && isText(value.icon) && (isText(value.price) || typeof value.price === 'number');
}

/** Any value of the wrong type makes the whole answer unusable (other fields are ignored). */
function isRawHome(value: unknown): value is RawHome {
  if (!isRecord(value)) return false;
  const { Cards, logo } = value;
  return (
    isText(value.heroHeading1) &&
    isText(value.heroHeading2) &&
    isText(value.heroParagraph) &&
    (Cards === undefined || Cards === null || (Array.isArray(Cards) && Cards.every(isRawCard))) &&
    (logo === undefined || logo === null || (isRecord(logo) && isText(logo.url)))
  );
}

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/**
 * Merges what GET /api/home answered (bare or wrapped in {data}) with the built-in defaults:
 * each empty value falls back, and an empty or missing card list uses the default cards.
 */
export function resolveHomeContent(raw: unknown): HomeContent {
  const inner = typeof raw === 'object' && raw !== null && 'data' in raw ? (raw as { data: unknown }).data : raw;
  if (!isRawHome(inner)) return DEFAULT_HOME_CONTENT;
  const home = inner;
  const cards = (home.Cards ?? [])
    .filter((card) => filled(card.title))
    .map<ServiceCard>((card) => ({
      title: card.title ?? '',
      body: card.body ?? '',
      icon: card.icon ?? '',
      price: card.price === null || card.price === undefined ? '' : String(card.price),
    }));
  return {
    heroHeading1: filled(home.heroHeading1) ? home.heroHeading1 : DEFAULT_HOME_CONTENT.heroHeading1,
    heroHeading2: filled(home.heroHeading2) ? home.heroHeading2 : DEFAULT_HOME_CONTENT.heroHeading2,
    heroParagraph: filled(home.heroParagraph) ? home.heroParagraph : DEFAULT_HOME_CONTENT.heroParagraph,
    cards: cards.length > 0 ? cards : DEFAULT_HOME_CONTENT.cards,
    logoUrl: filled(home.logo?.url) ? (home.logo?.url ?? null) : null,
  };
}
