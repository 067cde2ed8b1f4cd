import { Link } from 'react-router-dom';
import { Card } from '../../../shared/ui/card';

/** Help on the tracking screen: safety and support contacts. */
export function HelpSection({ onExtraService }: { onExtraService?: () => void }) {
  return (
    <Card title="Need Help?">
      <ul className="help-list">
        <li>
          Emergency on the road? Call <a href="tel:911">911</a> first.
        </li>
        <li>
          Questions about this job: <a href="mailto:support@tiredash.com">support@tiredash.com</a>
        </li>
        <li>
          <Link to="/help-center">Help Center</Link> · <Link to="/safety">Safety</Link>
        </li>
      </ul>
      {onExtraService && (
        <button type="button" className="btn btn--outline btn--md" onClick={onExtraService}>
          Request Extra Service
        </button>
      )}
    </Card>
  );
}
