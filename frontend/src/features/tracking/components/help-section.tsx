import { useMessages } from '../../../shared/i18n/i18n';
import { trackingHelpMessages } from '../../../shared/i18n/locales/en/tracking';
import { Trans } from '../../../shared/i18n/trans';
import { Link } from 'react-router-dom';
import { Card } from '../../../shared/ui/card';

/** Help on the tracking screen: safety and support contacts. */
export function HelpSection({ onExtraService }: { onExtraService?: () => void }) {
  const tHelp = useMessages(trackingHelpMessages);
  return (
    <Card title={tHelp.title}>
      <ul className="help-list">
        <li>
          <Trans text={tHelp.emergency} components={{ 1: <a href="tel:911" /> }} />
        </li>
        <li>
          <Trans text={tHelp.questions} components={{ 1: <a href="mailto:support@tiredash.com" /> }} />
        </li>
        <li>
          <Link to="/help-center">{tHelp.helpCenter}</Link> · <Link to="/safety">{tHelp.safety}</Link>
        </li>
      </ul>
      {onExtraService && (
        <button type="button" className="btn btn--outline btn--md" onClick={onExtraService}>
          {tHelp.extra}
        </button>
      )}
    </Card>
  );
}
