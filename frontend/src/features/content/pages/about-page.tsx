import { useMessages } from '../../../shared/i18n/i18n';
import { pageDefaultsMessages, pagesMessages } from '../../../shared/i18n/locales/en/content';
import { useGetAboutQuery } from '../api';
import { PublicPage, ServerHtml } from '../components/public-page';
import { builtInAbout, resolveAbout } from '../page-defaults';

/** /about: the header and the HTML body from GET /api/about, built-in text when empty. */
export function AboutPage() {
  const { data, isLoading } = useGetAboutQuery();
  const about = resolveAbout(data, builtInAbout(useMessages(pageDefaultsMessages)));
  const t = useMessages(pagesMessages);
  return (
    <PublicPage
      title={t.aboutTitle}
      description={t.aboutDescription}
      heading={about.headerText}
      loading={isLoading}
    >
      <ServerHtml html={about.infoHtml} />
    </PublicPage>
  );
}
