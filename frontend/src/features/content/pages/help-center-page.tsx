import { useMessages } from '../../../shared/i18n/i18n';
import { helpCenterMessages } from '../../../shared/i18n/locales/en/content';
import { Trans } from '../../../shared/i18n/trans';
import { PublicPage } from '../components/public-page';
import { SUPPORT_EMAIL } from '../page-defaults';

/** /help-center: three FAQs and the support email. */
export function HelpCenterPage() {
  const t = useMessages(helpCenterMessages);
  const faqs = [
    { question: t.bookQuestion, answer: t.bookAnswer },
    { question: t.payQuestion, answer: t.payAnswer },
    { question: t.providerQuestion, answer: t.providerAnswer },
  ];
  return (
    <PublicPage title={t.title} description={t.description}>
      <p className="lead">{t.lead}</p>
      <div className="faq">
        {faqs.map((faq) => (
          <details key={faq.question} className="faq__item">
            <summary className="faq__question">{faq.question}</summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
      <p>
        <Trans text={t.stillNeedHelp({ email: SUPPORT_EMAIL })} components={{ 1: <a href={`mailto:${SUPPORT_EMAIL}`} /> }} />
      </p>
    </PublicPage>
  );
}
