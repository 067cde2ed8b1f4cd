import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@tiredash/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useMessages } from '../../../shared/i18n/i18n';
import { headerMessages } from '../../../shared/i18n/locales/en/common';
import { TireDashMark } from '../../../shared/ui/icons';
import { useGetHomeQuery } from '../api';
import { logoResolved, selectLogoUrl } from '../content.slice';

/** The header logo: from GET /api/home `logo.url` when the content service answers, else the built-in mark. */
export function SiteLogo() {
  const dispatch = useAppDispatch();
  const storedLogo = useAppSelector(selectLogoUrl);
  const { data, isSuccess } = useGetHomeQuery();
  const t = useMessages(headerMessages);

  useEffect(() => {
    if (isSuccess && data.logoUrl !== storedLogo) dispatch(logoResolved(data.logoUrl));
  }, [dispatch, isSuccess, data, storedLogo]);

  const logoUrl = isSuccess ? data.logoUrl : storedLogo;
  return (
    <Link to="/" className="site-logo" aria-label={t.home({ product: PRODUCT_NAME })}>
      {logoUrl ? (
        <img src={logoUrl} alt="" className="site-logo__image" />
      ) : (
        <>
          <TireDashMark />
          <span className="site-logo__text">{PRODUCT_NAME}</span>
        </>
      )}
    </Link>
  );
}
