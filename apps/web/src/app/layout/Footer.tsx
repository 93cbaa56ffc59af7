import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type MouseEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { PublicContentKey } from '@portal/contracts';
import { ANCHOR_CLASS, Container, Group, Text, textSize, withVars } from '../../components/light/layout';
import { useFacility } from '../../lib/facility-context';
import { usePageLoading } from '../../lib/page-loading';

// Loads on first use, with the query cache it reads through and the component library's theme (none of
// them is on the login page's path).
const LegalModal = lazy(async () => {
  const [{ default: Modal }, { WithQueries }, { ThemeRoot }] = await Promise.all([
    import('./LegalModal'),
    import('../../lib/with-queries'),
    import('../ThemeRoot'),
  ]);
  return {
    default: (props: ComponentProps<typeof Modal>) => (
      <WithQueries>
        <ThemeRoot>
          <Modal {...props} />
        </ThemeRoot>
      </WithQueries>
    ),
  };
});

const LINKS: { key: PublicContentKey; label: string }[] = [
  { key: 'TermsOfUse', label: 'footer.termsOfUse' },
  { key: 'PrivacyStatement', label: 'footer.privacyStatement' },
  { key: 'AccessibilityHelp', label: 'footer.accessibilityHelp' },
];

/** Copyright and the links that open the legal and help texts in a dialog. */
export function Footer() {
  const { t } = useTranslation();
  const facility = useFacility();
  const pageLoading = usePageLoading();
  const [open, setOpen] = useState<(typeof LINKS)[number] | null>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const wasOpen = useRef(false);
  // The dialog unmounts on close, taking the library's focus return with it: once it is gone,
  // focus goes back to the link that opened it.
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
    } else if (wasOpen.current) {
      wasOpen.current = false;
      trigger.current?.focus();
    }
  }, [open]);
  const close = () => setOpen(null);
  return (
    <footer
      style={{
        // Not drawn while the page loads (lib/page-loading.ts).
        display: pageLoading ? 'none' : undefined,
        marginTop: 'var(--mantine-spacing-xl)',
        paddingBlock: 'var(--mantine-spacing-md)',
        background: 'var(--portal-footer-bg)',
        color: 'var(--portal-footer-text)',
      }}
    >
      <Container>
        <Group justify="space-between" gap="sm">
          <Text size="sm" style={{ color: 'var(--portal-footer-text)' }}>
            {t('footer.copyright', { year: new Date().getFullYear(), facility: facility.facilityName })}
          </Text>
          <Group component="nav" aria-label={t('footer.links')} gap="md">
            {LINKS.map((link) => (
              <button
                key={link.key}
                className={ANCHOR_CLASS}
                data-size="sm"
                data-underline="always"
                type="button"
                style={withVars(textSize('sm'), { color: 'var(--portal-footer-text)' })}
                onClick={(event: MouseEvent<HTMLButtonElement>) => {
                  trigger.current = event.currentTarget;
                  setOpen(link);
                }}
              >
                {t(link.label)}
              </button>
            ))}
          </Group>
        </Group>
      </Container>
      {open && (
        <Suspense fallback={null}>
          <LegalModal contentKey={open.key} title={t(open.label)} onClose={close} />
        </Suspense>
      )}
    </footer>
  );
}
