import { Suspense } from 'react';
import { Link } from 'react-router';
import { BrandText, Container, Group } from '../../components/light/layout';
import { useFacility } from '../../lib/facility-context';
import { useTranslation } from '../../lib/i18n';
import { homePath } from '../home-path';
import { LanguageMenu } from './LanguageMenu';
import { NavLinks, NavMenus, NavTabs } from './lazy-nav';

function Brand() {
  const facility = useFacility();
  if (facility.hasLogo) {
    return (
      <img
        src={`/api/facilities/${facility.facilityId}/images/logoUrl`}
        alt={facility.facilityName}
        height={44}
        style={{
          display: 'block',
          maxWidth: '100%',
          height: 44,
          width: 'auto',
          objectFit: 'contain',
          objectPosition: 'left center',
        }}
      />
    );
  }
  return <BrandText>{facility.facilityName}</BrandText>;
}

/**
 * Facility name or logo and the language menu; once logged in with accepted terms, the navigation:
 * Resources, Contact Us, the secure-messages envelope and the user menu in the top row and the tabs
 * under it from the medium window size, a menu button below it. Kiosk types: language and Log Out.
 */
export function Header({ authenticated, loginType }: { authenticated: boolean; loginType?: string | null }) {
  const { t } = useTranslation();
  const facility = useFacility();
  return (
    <header
      style={{
        paddingBlock: 'var(--mantine-spacing-sm)',
        background: 'var(--portal-header-bg)',
        color: 'var(--portal-header-text)',
      }}
    >
      <Container>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          {authenticated ? (
            <Link
              to={homePath(loginType)}
              aria-label={t('header.home', { facility: facility.facilityName })}
              style={{ minWidth: 0 }}
            >
              <Brand />
            </Link>
          ) : (
            <div style={{ minWidth: 0 }}>
              <Brand />
            </div>
          )}
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            {authenticated && (
              <Suspense fallback={null}>
                <NavLinks />
              </Suspense>
            )}
            <LanguageMenu facilityId={facility.facilityId} />
            {authenticated && (
              <Suspense fallback={null}>
                <NavMenus />
              </Suspense>
            )}
          </Group>
        </Group>
        {authenticated && (
          <Suspense fallback={null}>
            <NavTabs />
          </Suspense>
        )}
      </Container>
    </header>
  );
}
