import { useGetAboutQuery } from '../api';
import { PublicPage, ServerHtml } from '../components/public-page';
import { resolveAbout } from '../page-defaults';

/** /about: the header and the HTML body from GET /api/about, built-in text when empty. */
export function AboutPage() {
  const { data, isLoading } = useGetAboutQuery();
  const about = resolveAbout(data);
  return (
    <PublicPage
      title="About Us"
      description="Who we are: certified mobile tire technicians who come to you, with live quotes, tracking and easy payment."
      heading={about.headerText}
      loading={isLoading}
    >
      <ServerHtml html={about.infoHtml} />
    </PublicPage>
  );
}
