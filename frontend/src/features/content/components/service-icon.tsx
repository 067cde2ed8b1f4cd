import { AlertIcon, BalanceIcon, TireIcon, WrenchIcon } from '../../../shared/ui/icons';

/** A card icon: an image when the content service gives a URL, else a built-in icon by name. */
export function ServiceIcon({ icon }: { icon: string }) {
  if (/^(https?:\/\/|\/)/.test(icon)) return <img src={icon} alt="" className="service-card__icon-image" />;
  const name = icon.toLowerCase();
  if (name.includes('repair') || name.includes('wrench')) return <WrenchIcon />;
  if (name.includes('balanc')) return <BalanceIcon />;
  if (name.includes('emergenc') || name.includes('alert')) return <AlertIcon />;
  return <TireIcon />;
}
