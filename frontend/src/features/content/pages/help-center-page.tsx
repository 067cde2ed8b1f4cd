import { PublicPage } from '../components/public-page';
import { SUPPORT_EMAIL } from '../page-defaults';

export const HELP_FAQS = [
  {
    question: 'How do I book a tire service?',
    answer: 'Create a customer account, describe what you need with your tire size, address and budget, and nearby providers send you bids within minutes. Accept the one you like and track the technician on the map.',
  },
  {
    question: 'How do I pay?',
    answer: 'Choose cash to pay the provider directly, or card. Card payments are authorised when you book and charged when you confirm the job is done; a $10 processing fee applies.',
  },
  {
    question: 'How do I become a provider?',
    answer: 'Apply on the Become a Provider page with your business details and documents. We review every application, and once approved you can see live requests and bid on them.',
  },
];

/** /help-center: three FAQs and the support email. */
export function HelpCenterPage() {
  return (
    <PublicPage title="Help Center" description="Answers to common questions about booking, paying and becoming a TireDash provider.">
      <p className="lead">Answers to the questions we hear most.</p>
      <div className="faq">
        {HELP_FAQS.map((faq) => (
          <details key={faq.question} className="faq__item">
            <summary className="faq__question">{faq.question}</summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
      <p>
        Still need help? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </PublicPage>
  );
}
