import { errorMessage } from '../../../shared/api/api-error';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { useGetHomeViewQuery } from '../../content/api';
import { HeroEditor } from './hero-editor';
import { AboutEditor, CareersEditor, ContactEditor, PrivacyEditor, TermsEditor } from './page-editors';
import { ServiceCardsEditor } from './service-cards-editor';

/** The Homepage Settings tab: hero, service cards and the five page editors, each saved on its own. */
export function HomepageSettings() {
  const home = useGetHomeViewQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="stack">
      {home.isLoading && <Spinner label="Loading homepage content..." />}
      {home.isError && <ErrorState message={errorMessage(home.error, 'Could not load the homepage content.')} onRetry={() => void home.refetch()} />}
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
