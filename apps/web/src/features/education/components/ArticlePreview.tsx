import { Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { EducationArticle } from '@portal/contracts';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../lib/i18n';
import { articleContentUrl } from '../api/content';

const FRAME_STYLE = {
  display: 'block',
  width: '100%',
  height: 'max(480px, 75vh)',
  border: '1px solid var(--mantine-color-gray-4)',
  borderRadius: 'var(--mantine-radius-sm)',
  background: 'var(--mantine-color-white)',
} as const;

/**
 * The frame on the right of the list (preview on this page): the chosen article's document, or the default
 * text while none is chosen. Each article gets a fresh short-lived URL token.
 */
export function ArticlePreview({
  article,
  onError,
}: {
  article: EducationArticle | null;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const articleId = article?.articleId ?? null;
  const [source, setSource] = useState<{ articleId: number; url: string } | null>(null);

  useEffect(() => {
    if (articleId === null) return;
    let current = true;
    articleContentUrl(articleId).then(
      (url) => {
        if (current) setSource({ articleId, url });
      },
      (error: unknown) => {
        if (current) onError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [articleId, onError]);

  if (!article) {
    return (
      <Box p="lg" style={{ ...FRAME_STYLE, height: 'auto', minHeight: 160 }} data-testid="education-preview">
        <Text>{t('education.selectItem')}</Text>
      </Box>
    );
  }
  if (source?.articleId !== article.articleId) {
    return (
      <Box style={{ ...FRAME_STYLE, height: 240 }} data-testid="education-preview">
        <DelayedLoader label={t('app.loading')} />
      </Box>
    );
  }
  return (
    <Box data-testid="education-preview">
      <iframe
        title={article.title}
        src={source.url}
        style={FRAME_STYLE}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
      />
    </Box>
  );
}
