import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type MouseEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { PublicContentKey } from '@portal/contracts';
import { useFacility } from '../../lib/facility-context';

// Loads on first use, with the query cache it reads through (neither is on the login page's path).
const LegalModal = lazy(async () => {
  const [{ default: Modal }, { WithQueries }] = await Promise.all([
    import('./LegalModal'),
    import('../../lib/with-queries'),
  ]);
  return {
    default: (props: ComponentProps<typeof Modal>) => (
      <WithQueries>
        <Modal {...props} />
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
    <Box component="footer" bg="var(--portal-footer-bg)" c="var(--portal-footer-text)" py="md" mt="xl">
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="var(--portal-footer-text)">
            {t('footer.copyright', { year: new Date().getFullYear(), facility: facility.facilityName })}
          </Text>
          <Group component="nav" aria-label={t('footer.links')} gap="md">
            {LINKS.map((link) => (
              <Anchor
                key={link.key}
                component="button"
                type="button"
                size="sm"
                c="var(--portal-footer-text)"
                underline="always"
                onClick={(event: MouseEvent<HTMLButtonElement>) => {
                  trigger.current = event.currentTarget;
                  setOpen(link);
                }}
              >
                {t(link.label)}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
      {open && (
        <Suspense fallback={null}>
          <LegalModal contentKey={open.key} title={t(open.label)} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
