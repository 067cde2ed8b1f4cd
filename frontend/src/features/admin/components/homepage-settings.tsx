import { errorMessage } from '../../../shared/api/api-error';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminHomepageMessages } from '../../../shared/i18n/locales/en/admin';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { useGetHomeViewQuery } from '../../content/api';
import { HeroEditor } from './hero-editor';
import { AboutEditor, CareersEditor, ContactEditor, PrivacyEditor, TermsEditor } from './page-editors';
import { ServiceCardsEditor } from './service-cards-editor';

/** The Homepage Settings tab: hero, service cards and the five page editors, each saved on its own. */
export function HomepageSettings() {
  const t = useMessages(adminHomepageMessages);
  const home = useGetHomeViewQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="stack">
      {home.isLoading && <Spinner label={t.loading} />}
      {home.isError && <ErrorState message={errorMessage(home.error, t.loadFailed)} onRetry={() => void home.refetch()} />}
      {home.data && (
        <>
          <HeroEditor home={home.data} />
          <ServiceCardsEditor cards={home.data.Cards} />
        </>
      )}
      <AboutEditor />
      <ContactEditor />
      <CareersEditor />
      <PrivacyEditor />
      <TermsEditor />
    </div>
  );
}
